// Uploads: images and documents for forms, served to their account and ops.
import type { Domain } from '../../domain';
import fileRoutes from './routes';

export const files: Domain = { name: 'files', routes: [fileRoutes] };
