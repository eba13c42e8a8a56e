/**
 * Opens the support chat widget from anywhere on a public page (e.g. the Live Chat card on
 * /contact). The widget (components/chat-widget) listens for this event.
 */
export const OPEN_SUPPORT_CHAT_EVENT = "cipher:open-support-chat";

export function openSupportChat(options: { question?: string } = {}) {
  window.dispatchEvent(new CustomEvent(OPEN_SUPPORT_CHAT_EVENT, { detail: options }));
}
