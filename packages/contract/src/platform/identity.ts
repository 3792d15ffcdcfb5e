import { z } from 'zod';
import { MODULES, PERMISSIONS, STAFF_ROLES } from '../shared/modules';

export const ZModule = z.enum(MODULES);
export const ZPermission = z.enum(PERMISSIONS);

export const ZUserKind = z.enum(['staff', 'portal']);
export type UserKind = z.infer<typeof ZUserKind>;

export const ZIdentity = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    kind: ZUserKind,
    /** Staff: admin or member; null for portal users. */
    role: z.enum(STAFF_ROLES).nullable(),
  }),
  company: z.object({ id: z.string(), name: z.string() }),
  modules: z.array(ZModule),
  permissions: z.array(ZPermission),
});
export type Identity = z.infer<typeof ZIdentity>;
