import type { MediaFile } from '@tappa/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../test/render-in-router';
import { describe, expect, it, vi } from 'vitest';
import { MediaPickerContext } from '../../components/media-picker-slot';
import { MediaEditor } from './media-editor';
import type { MediaDraft } from './step-draft';

const AUDIO: MediaFile = {
  id: 'f-1',
  folder_id: null,
  filename: 'guida.m4a',
  mime_type: 'audio/mp4',
  size_bytes: 1000,
  description: 'La guida del Pantheon',
  unique_code: 'abc123xyz0',
  url: '/files/media-library/t/1-a.m4a',
  thumb_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const ITEM: MediaDraft = {
  key: 1,
  type: 'image',
  url: '',
  caption: 'Ascolta',
  alt: '',
  mime_type: '',
};

describe('MediaEditor', () => {
  it("takes a library file's code, kind and type for an item, keeping its caption", () => {
    const onChange = vi.fn();
    render(
      <MediaPickerContext.Provider
        value={({ onPick }) => (
          <button type="button" onClick={() => onPick(AUDIO)}>
            fake pick
          </button>
        )}
      >
        <MediaEditor media={[ITEM]} error={null} onChange={onChange} />
      </MediaPickerContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'fake pick' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Media 1: Choose from the library' }));
    fireEvent.click(screen.getByRole('button', { name: 'fake pick' }));
    expect(onChange).toHaveBeenCalledWith([
      {
        ...ITEM,
        code: 'abc123xyz0',
        url: '',
        type: 'audio',
        mime_type: 'audio/mp4',
        alt: 'La guida del Pantheon',
      },
    ]);
  });

  it('takes a code typed by hand, and a blank code is no code', () => {
    const onChange = vi.fn();
    render(<MediaEditor media={[{ ...ITEM, code: 'x' }]} error={null} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: /Choose from the library/ })).toBeNull();
    const code = screen.getByLabelText('Media 1: Library code');
    fireEvent.change(code, { target: { value: 'abc123xyz0' } });
    expect(onChange).toHaveBeenLastCalledWith([{ ...ITEM, code: 'abc123xyz0' }]);
    fireEvent.change(code, { target: { value: '  ' } });
    expect(onChange).toHaveBeenLastCalledWith([{ ...ITEM, code: undefined }]);
  });
});
