import type { FastifyInstance } from 'fastify';
import { registerCreateApplication } from './create-application';
import { registerApplicationsDataApi } from './data-api';
import { registerDeleteApplication } from './delete-application';
import { registerListApplications } from './list-applications';
import { registerRotateApplicationSecret } from './rotate-application-secret';

export { createApplication } from './applications.repository';

export function registerApplicationsCalls(app: FastifyInstance) {
  registerListApplications(app);
  registerCreateApplication(app);
  registerDeleteApplication(app);
  registerRotateApplicationSecret(app);
  registerApplicationsDataApi(app);
}
