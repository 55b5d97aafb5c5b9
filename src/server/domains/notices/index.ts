// Notices: ops publish announcements per platform; users read them.
import type { Domain } from '../../domain';
import noticeRoutes from './routes';

export const notices: Domain = { name: 'notices', routes: [noticeRoutes] };
