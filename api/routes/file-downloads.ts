// File downloads by token (spec §7 "File downloads"): attachments, regulators' signature images and
// documents without sign-in (the token is the permission), note files with it, and only by the user
// the token was given to. Signatures share the attachments' URL: the spec lists no URL of their own.
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { AUTHENTICATED, PUBLIC } from '../routing';
import type { AppDeps } from '../deps';
import type { CurrentUser } from '../auth/current-user';
import { ApiError } from '../errors';
import { verifyFileToken, type FileKind } from '../files/tokens';
import { loadFile, sendFile } from '../files/downloads';

function download(...kinds: FileKind[]) {
  return async (ctx: Context, deps: AppDeps) => {
    const claims = await verifyFileToken(deps, ctx.params.token ?? '', kinds);
    if (claims.userId !== null && claims.userId !== (ctx.state.user as CurrentUser | undefined)?.userId)
      throw new ApiError(400, 'TOKEN1002', 'Invalid Token - Current user is not the one it was given to');
    sendFile(ctx, await loadFile(deps.db, claims.uuid, claims.kind));
  };
}

export const fileDownloadRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/file-attachments/:token',
    access: PUBLIC,
    answers: [400],
    handler: download('ATTACHMENT', 'SIGNATURE'),
  },
  { method: 'get', path: '/file-documents/:token', access: PUBLIC, answers: [400], handler: download('DOCUMENT') },
  { method: 'get', path: '/file-notes/:token', access: AUTHENTICATED, answers: [400], handler: download('NOTE') },
];
