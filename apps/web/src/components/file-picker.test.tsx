import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePicker } from './file-picker';

/** A labelled picker that keeps its file, with a button that empties it (as after an upload). */
function Form() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <label htmlFor="image">Route image</label>
      <FilePicker file={file} onChange={setFile} accept="image/png" inputProps={{ id: 'image' }} />
      <button type="button" onClick={() => setFile(null)}>
        Upload
      </button>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Route image');

describe('FilePicker', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('keeps the native input, named by its label and the button, and says when nothing is chosen', () => {
    render(<Form />);
    expect(input().type).toBe('file');
    expect(input().accept).toBe('image/png');
    expect(input().className).toContain('visually-hidden');
    expect(screen.getByLabelText('Scegli un file')).toBe(input());
    expect(screen.getByText('Nessun file scelto')).toBeTruthy();
  });

  it("shows the chosen file's name and an image's preview, and empties the input with the file", () => {
    const create = vi.fn(() => 'blob:preview');
    const revoke = vi.fn();
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    render(<Form />);
    const png = new File(['x'], 'navona.png', { type: 'image/png' });
    fireEvent.change(input(), { target: { files: [png] } });
    expect(screen.getByText('navona.png')).toBeTruthy();
    expect(document.querySelector('.file-picker__preview')?.getAttribute('src')).toBe(
      'blob:preview',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Nessun file scelto')).toBeTruthy();
    expect(input().value).toBe('');
    expect(document.querySelector('.file-picker__preview')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:preview');
  });

  it('shows no preview for a file that is not an image', () => {
    const create = vi.fn(() => 'blob:preview');
    URL.createObjectURL = create;
    render(<Form />);
    fireEvent.change(input(), { target: { files: [new File(['{}'], 'route.json')] } });
    expect(screen.getByText('route.json')).toBeTruthy();
    expect(document.querySelector('.file-picker__preview')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });
});
