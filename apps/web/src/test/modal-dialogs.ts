/**
 * jsdom has <dialog> but not its modal methods: showModal and close set and remove the `open`
 * attribute, which is what shows the content. The browser's focus trap is not what these tests
 * test (the journeys do). Call it in beforeAll.
 */
export function stubModalDialogs(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
