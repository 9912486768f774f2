// The files area's route groups (issue 5): request notes, task attachments and token downloads,
// registered in app.ts as one group.
import type { RouteDef } from '../routing';
import { fileDownloadRoutes } from './file-downloads';
import { requestNoteRoutes } from './request-notes';
import { taskAttachmentRoutes } from './task-attachments';
import { requestActionFileRoutes } from './request-action-files';
import { templateRoutes } from './templates';

export const filesAreaRoutes: RouteDef[] = [
  ...requestNoteRoutes,
  ...taskAttachmentRoutes,
  ...fileDownloadRoutes,
  ...requestActionFileRoutes,
  ...templateRoutes,
];
