import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AppModal } from './app-modal';

const TITLE_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

/**
 * A dialog that creates something with a form, then shows what can be seen only this once (a secret).
 * What was created lives in this dialog's state only: once it closes it is gone from the page. While
 * it shows, the dialog cannot be dismissed by accident (no close button, Escape or click outside): only
 * the reveal's own confirmation (`onDone`) closes it.
 */
export function RevealOnceModal<T>({
  opened,
  onClose,
  formTitle,
  revealTitle,
  renderForm,
  renderReveal,
}: {
  opened: boolean;
  onClose: () => void;
  formTitle: string;
  revealTitle: string;
  renderForm: (actions: { onCancel: () => void; onCreated: (created: T) => void }) => ReactNode;
  renderReveal: (created: T, onDone: () => void) => ReactNode;
}) {
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const isRevealing = created !== null;
  const reveal = useRef<HTMLElement>(null);
  useEffect(() => {
    // The form that held the focus is gone: without this the focus fell to the page's body, and a
    // screen reader said nothing of what is shown only this once. On the reveal, its title is heard.
    if (isRevealing) reveal.current?.focus();
  }, [isRevealing]);
  return (
    <AppModal
      opened={opened}
      onClose={isRevealing ? () => undefined : close}
      closeOnClickOutside={!isRevealing}
      closeOnEscape={!isRevealing}
      withCloseButton={!isRevealing}
      title={isRevealing ? revealTitle : formTitle}
      centered
      size="lg"
      styles={TITLE_STYLES}
    >
      {isRevealing ? (
        <section ref={reveal} tabIndex={-1} aria-label={revealTitle} style={{ outline: 'none' }}>
          {renderReveal(created, close)}
        </section>
      ) : (
        renderForm({ onCancel: close, onCreated: setCreated })
      )}
    </AppModal>
  );
}
