/**
 * Saves a file the API sent (downloadFile's blob and filename) under `filename`, through a
 * temporary object URL.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the file to the browser; the URL can go on the next tick
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
