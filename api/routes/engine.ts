// The workflow engine's route groups, registered together under /v1.0.
import type { RouteDef } from '../routing';
import { requestActionRoutes } from './request-actions';
import { requestRoutes } from './requests';
import { taskAssignmentRoutes } from './tasks-assignment';
import { taskRoutes } from './tasks';
import { taskDueDateRoutes } from './task-due-dates';
import { workItemRoutes } from './work-items';

export const engineRoutes: RouteDef[] = [
  ...workItemRoutes,
  ...taskRoutes,
  ...taskDueDateRoutes,
  ...taskAssignmentRoutes,
  ...requestRoutes,
  ...requestActionRoutes,
];
