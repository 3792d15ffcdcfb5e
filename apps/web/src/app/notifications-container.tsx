/**
 * The toasts' container alone, loaded lazily by deferred-notifications.tsx: importing it through this
 * module (not the package's namespace) keeps the container and its transition library out of the first
 * load, while `notifications.show()` (the store) stays available everywhere.
 */
export { Notifications } from '@mantine/notifications';
