import {
  CHECK_ANSWER_MAX_LENGTH,
  CHOICE_MAX_LENGTH,
  HINT_MAX_LENGTH,
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_URL_MAX_LENGTH,
  MIME_TYPE_MAX_LENGTH,
  PLACE_MAX_LENGTH,
  TASK_MAX_LENGTH,
} from '@tappa/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { click, form, renderEditor, stubSteps } from '../../test/kits/step-editor';

// Leaflet does not render in jsdom: a stand-in shows the pins and fires the map's callbacks.
vi.mock('./step-map', async () => ({ StepMap: (await import('./map-stub')).MapStub }));

const maxLengthOf = (label: string) =>
  within(form()).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label).maxLength;

describe('StepEditor text limits', () => {
  it('bounds every text of a step by the limits the import checks', async () => {
    stubSteps();
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Navona/ }));
    expect(maxLengthOf('Place')).toBe(PLACE_MAX_LENGTH);
    expect(maxLengthOf('Task')).toBe(TASK_MAX_LENGTH);
    expect(maxLengthOf('Hint')).toBe(HINT_MAX_LENGTH);
    expect(maxLengthOf('Answer')).toBe(CHECK_ANSWER_MAX_LENGTH);
    expect(maxLengthOf('Media 1: URL')).toBe(MEDIA_URL_MAX_LENGTH);
    expect(maxLengthOf('Media 1: Caption')).toBe(MEDIA_CAPTION_MAX_LENGTH);
    expect(maxLengthOf('Media 1: Alternative text')).toBe(MEDIA_CAPTION_MAX_LENGTH);
    expect(maxLengthOf('Media 1: MIME type')).toBe(MIME_TYPE_MAX_LENGTH);
    click(/Pantheon/);
    expect(maxLengthOf('Choice 1')).toBe(CHOICE_MAX_LENGTH);
  });
});
