// GET /data?types=…: the reference data the forms need, from the tables the migrations seed. Public
// (as the reference's /v1.0/data), and cached by browsers: it changes only with a migration, so an
// answer is fresh for a day and revalidated with its ETag after that.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { PUBLIC } from '../routing';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import {
  REFERENCE_DATA_TYPES_REQUIRED,
  referenceDataSchema,
  referenceDataTypes,
  referenceDataTypeUnknown,
  type ReferenceData,
  type ReferenceDataType,
} from '../../domain/reference-data';
import { textQuery } from '../params';

const loaders: { [T in ReferenceDataType]: (db: AppDeps['db']) => Promise<NonNullable<ReferenceData[T]>> } = {
  COUNTRIES: (db) => db('ref_countries').orderBy('name').select('code', 'name'),
  COUNTIES: (db) => db('ref_counties').orderBy(['nation', 'name']).select('name', 'nation'),
  COMPETENT_AUTHORITIES: (db) => db('competent_authorities').orderBy('code').select('code', 'name', 'email'),
  SIC_CODES: (db) => db('ref_sic_codes').orderBy('code').select('code', 'description', 'section'),
};

/** `types` repeated (types=A&types=B), comma-separated (types=A,B) or both. */
function requestedTypes(query: Context['query']): ReferenceDataType[] {
  const raw = query.types;
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) throw new ApiError(400, 'REQUIRED_PARAMETER', REFERENCE_DATA_TYPES_REQUIRED, 'types');
  for (const value of values) {
    if (!referenceDataTypes.includes(value as ReferenceDataType))
      throw new ApiError(400, 'VALIDATION_ERROR', referenceDataTypeUnknown(value.slice(0, 50)), 'types');
  }
  return [...new Set(values as ReferenceDataType[])];
}

export const referenceDataRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/data',
    access: PUBLIC,
    // types=A&types=B or types=A,B.
    query: textQuery(['types']),
    // 304 when the caller's ETag is still current.
    answers: [304],
    response: referenceDataSchema,
    handler: async (ctx, { db }) => {
      const types = requestedTypes(ctx.query);
      const data: ReferenceData = {};
      for (const type of types) (data as Record<string, unknown>)[type] = await loaders[type](db);
      const body = JSON.stringify(data);
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.set('ETag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`);
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json';
      ctx.body = body;
    },
  },
];
