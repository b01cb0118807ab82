const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML element content and for quoted attribute values (both quote kinds), so
 * one helper serves the mails, the dev mailbox and the local pay page. Not for URLs in href/src
 * (a `javascript:` URL needs no special characters) nor for script or style content.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
