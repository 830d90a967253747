/** Reads a picked file as text (FileReader, which every browser and jsdom have). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Cannot read the file'));
    reader.readAsText(file);
  });
}
