/** Text made safe for HTML text and double-quoted attributes (index.html's product name, page titles). */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
