import { notifications } from '@mantine/notifications';

/** Toasts of the wealth screens: green for done, red for failed, one line each. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 4000 });
}

export function notifyFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 7000 });
}
