export { DatabaseSyncMonitor, type DatabaseSyncMonitorProps } from './DatabaseSyncMonitor';
export { SyncDetailPage, type SyncDetailPageProps } from './SyncDetailPage';
