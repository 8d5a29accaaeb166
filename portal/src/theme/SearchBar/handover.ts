/**
 * The handover from the light search box (./index.tsx) to the real one (./Loaded.tsx), so that a
 * reader who taps the box and starts typing while the real one loads loses nothing.
 */
const pending = {value: '', focused: false};
/** The real box, once it has taken over. */
let real: HTMLInputElement | null = null;
const attached = new WeakSet<HTMLInputElement>();

/** Sets the box's text as typing would, so React's state and the autocomplete both see it. */
function type(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

/** Types the text again (emptied first: React and the autocomplete act on changes only). */
function retype(input: HTMLInputElement, text: string): void {
  type(input, '');
  type(input, text);
}

/**
 * Notes a box's text and whether it has the focus: the light box's (its listeners are its own,
 * so they still hear text typed into it in the moment it is being replaced), then the real box's
 * until it takes over. Text that reaches the light box after the handover goes on to the real one.
 */
export function remember(input: HTMLInputElement): void {
  pending.value = input.value;
  // A box being replaced is out of the document and so not focused: the reader was still in it.
  pending.focused = input.isConnected ? document.activeElement === input : pending.focused;
  if (real && input !== real) takeOver(real);
}

/**
 * Gives the real box the noted text and focus. The plugin's box empties itself in a timeout it
 * sets when it mounts (to show the words of a `?_highlight=` address), so this runs after that
 * timeout, with what the reader typed in either box until then; its emptying is a React state
 * update still to be rendered, so the text is typed again even when the box still shows it.
 */
export function takeOver(input: HTMLInputElement): void {
  real = input;
  if (pending.value) retype(input, pending.value);
  takeFocus(input);
  pending.value = '';
  pending.focused = false;
}

/**
 * Focuses the real box if the reader was in the light one: called as the real box is put in
 * place (before the browser handles another key press), and again by takeOver.
 */
export function takeFocus(input: HTMLInputElement): void {
  if (pending.focused && document.activeElement !== input) input.focus();
}

/**
 * When the autocomplete first attaches to the box (it names its list with `aria-owns` then), it
 * takes the box's text as already searched and searches only when the text changes: text typed
 * before then is typed again, so the reader sees its results.
 */
export function searchOnAttach(input: HTMLInputElement): void {
  if (attached.has(input) || !input.hasAttribute('aria-owns')) return;
  attached.add(input);
  const text = input.value;
  if (text && document.activeElement === input) retype(input, text);
}
