import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { ContinuePage } from './continue-page';

const PATH = '/:tenantSlug/continua';
const REDEEM = '/api/play/acme/handoff/redeem';
const GAMEPLAY = '/acme/gioco/step?route=centro&game=game-9';

afterEach(() => unmountScreens());

describe('/:tenantSlug/continua', () => {
  it("redeems the QR code's code once and opens the game", async () => {
    const api = stubPlayApi({
      [`POST ${REDEEM}`]: () => jsonResponse(200, { game_id: 'game-9', route_slug: 'centro' }),
    });
    renderPlayerPage(PATH, <ContinuePage />, '/acme/continua?code=ABC234');
    expect((await screen.findByTestId('location')).textContent).toBe(GAMEPLAY);
    const sent = requestsTo(api, 'POST', REDEEM);
    expect(sent).toHaveLength(1);
    expect(jsonBody(sent[0])).toEqual({ code: 'ABC234' });
  });

  it("takes a typed code, says the server's reason when refused, then continues", async () => {
    let answer = errorResponse('handoff_code_used');
    const api = stubPlayApi({ [`POST ${REDEEM}`]: () => answer });
    renderPlayerPage(PATH, <ContinuePage />, '/acme/continua');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continua il gioco' }),
    ).toBeTruthy();
    const input = screen.getByLabelText('Codice');
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Continua' });
    fireEvent.change(input, { target: { value: 'abc2' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abc 234' } });
    expect((input as HTMLInputElement).value).toBe('ABC 234');
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Questo codice è già stato usato: chiedine uno nuovo sull'altro telefono",
    );
    answer = jsonResponse(200, { game_id: 'game-9', route_slug: 'centro' });
    fireEvent.click(submit);
    expect((await screen.findByTestId('location')).textContent).toBe(GAMEPLAY);
    expect(requestsTo(api, 'POST', REDEEM).map((request) => jsonBody(request))).toEqual([
      { code: 'ABC 234' },
      { code: 'ABC 234' },
    ]);
  });
});
