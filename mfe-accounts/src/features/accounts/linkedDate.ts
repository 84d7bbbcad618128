/** 'Linked on {date}' in the visitor's own locale (the browser's default). */
export function linkedOnText(linkedAt: string): string {
  return `Linked on ${new Date(linkedAt).toLocaleDateString()}`;
}
