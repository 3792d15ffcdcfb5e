import { notifications } from '@mantine/notifications';

/** Toasts: green for done, red for failed, one line each. */
export function notifySuccess(message: string, id?: string): void {
  notifications.show({ id, color: 'teal', message, autoClose: 4000 });
}

export function notifyFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 7000 });
}
