import { useEffect, useRef } from 'react';

export interface SessionKeyActions {
  prayed: () => void;
  skip: () => void;
  /** Absent when the item cannot be marked answered here. */
  answered?: (() => void) | undefined;
  end: () => void;
}

/** Where typing happens, or a dialog is open: the session's keys stay out of the way. */
const TYPING =
  'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]';
/** A focused control answers Space and Enter itself. */
const CONTROL = 'button, a[href], [role="button"], [role="radio"], summary';

/**
 * The session's keyboard: Space or Enter = Prayed, S = Skip, A = Mark answered, Esc = End. Not
 * while typing in a field or with a dialog open; Space and Enter not on a focused control.
 */
export function useSessionKeys(enabled: boolean, actions: SessionKeyActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.repeat) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const { prayed, skip, answered, end } = latest.current;
      switch (event.key) {
        case ' ':
        case 'Enter':
          if (target?.closest(CONTROL)) return;
          event.preventDefault();
          prayed();
          break;
        case 's':
        case 'S':
          event.preventDefault();
          skip();
          break;
        case 'a':
        case 'A':
          if (!answered) return;
          event.preventDefault();
          answered();
          break;
        case 'Escape':
          event.preventDefault();
          end();
          break;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
