/**
 * The app's own confirmations and toasts, in place of the browser's `confirm` and `alert`
 * (decision 0063): any code asks here, and the one `DialogHost` of the root layout draws them.
 */

/** A confirmation waiting for its answer. */
export interface ConfirmRequest {
  id: number;
  text: string;
  answer: (confirmed: boolean) => void;
}

/** A toast on screen: a success leaves after a while, an error stays until dismissed. */
export interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

/** What the host draws: the confirmations in the order asked (the first one shows), the toasts. */
export interface DialogState {
  confirms: readonly ConfirmRequest[];
  toasts: readonly Toast[];
}

let state: DialogState = { confirms: [], toasts: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: DialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change until the returned function is called. */
export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The current state (a new object after every change). */
export const dialogState = (): DialogState => state;

function settle(id: number, confirmed: boolean) {
  const request = state.confirms.find((item) => item.id === id);
  if (!request) return;
  update({ ...state, confirms: state.confirms.filter((item) => item !== request) });
  request.answer(confirmed);
}

/** Takes toast `id` off the screen. */
export function dismissToast(id: number): void {
  update({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
}

function addToast(text: string, tone: Toast['tone']) {
  update({ ...state, toasts: [...state.toasts, { id: nextId++, text, tone }] });
}

/**
 * The questions: an object so that a test can stub them (`vi.spyOn(dialogs, 'confirm')`).
 * `confirm` resolves true on the confirm button, false on Cancel or Escape.
 */
export const dialogs = {
  confirm(text: string): Promise<boolean> {
    return new Promise((resolve) => {
      const id = nextId++;
      update({ ...state, confirms: [...state.confirms, { id, text, answer: resolve }] });
    });
  },
  /** Answers confirmation `id` (the host's buttons and Escape). */
  answer: settle,
};

/** The notices that used to be `alert`s: a success or an error, in the toasts' live region. */
export const toasts = {
  success(text: string): void {
    addToast(text, 'success');
  },
  error(text: string): void {
    addToast(text, 'error');
  },
};
