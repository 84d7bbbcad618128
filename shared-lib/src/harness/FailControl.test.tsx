import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_ACCESS_TOKEN } from '../mocks/seed';
import { setupMockServer } from '../testing/mockServer';
import { BROWSER_ROUTES, FailControl } from './FailControl';

const { server } = setupMockServer();

const PRIVACY = 'http://localhost/api/v1/dashboard/user/privacy';
/** A call of the page, in act (the control lists it as it starts): its answer, or its error. */
const call = (method: string): Promise<Response | Error> =>
  act(() =>
    fetch(PRIVACY, {
      method,
      headers: { Authorization: `Bearer ${DEMO_ACCESS_TOKEN}`, 'Content-Type': 'application/json' },
      ...(method === 'PUT' ? { body: JSON.stringify({}) } : {}),
    }).catch((error: Error) => error),
  );

async function answer(method: string): Promise<Response> {
  const result = await call(method);
  if (result instanceof Error) throw result;
  return result;
}

function renderControl(mountKey = 'PrivacySettings:0') {
  const user = userEvent.setup();
  const view = render(<FailControl mocks={server} mountKey={mountKey} />);
  const form = screen.getByRole('form', { name: 'Make a call fail' });
  return { user, view, form, callSelect: within(form).getByRole('combobox', { name: 'Call' }) };
}

describe('the standalone page’s control that makes a call fail', () => {
  it('offers every call the web app makes, each once', () => {
    const { callSelect } = renderControl();
    const options = within(callSelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(BROWSER_ROUTES.length);
    expect(new Set(options).size).toBe(options.length);
    expect(options).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/dashboard/user/privacy',
        'POST /api/v1/server/:id/api-keys',
        'GET /api/v1/server/:id/channels',
      ]),
    );
    expect(options).not.toContain('POST /api/interactions');
  });

  it('lists the calls this page made first, and forgets them when the parcel is mounted again', async () => {
    const { callSelect, view } = renderControl();
    await answer('GET');
    const made = await within(callSelect).findByRole('group', { name: 'Made by this page' });
    expect(
      within(made)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GET /api/v1/dashboard/user/privacy']);
    expect(callSelect).toHaveValue('GET /api/v1/dashboard/user/privacy');

    view.rerender(<FailControl mocks={server} mountKey="PrivacySettings:1" />);
    await waitFor(() =>
      expect(within(callSelect).queryByRole('group', { name: 'Made by this page' })).toBeNull(),
    );
  });

  it('makes the next call of the chosen route answer the chosen status, once', async () => {
    const { user, form, callSelect } = renderControl();
    await user.selectOptions(callSelect, 'PUT /api/v1/dashboard/user/privacy');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Failure' }),
      'answers 502 (Discord error)',
    );
    await user.click(within(form).getByRole('button', { name: 'Fail the next call' }));
    expect(within(form).getByRole('status')).toHaveTextContent(
      'The next PUT /api/v1/dashboard/user/privacy answers 502 (Discord error).',
    );

    const failed = await answer('PUT');
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      success: false,
      error: 'discord_error',
      message: 'Harness: PUT /api/v1/dashboard/user/privacy made to fail.',
    });
    expect((await answer('PUT')).status).not.toBe(502);
  });

  it('makes the next call fail at the network level', async () => {
    const { user, form, callSelect } = renderControl();
    await user.selectOptions(callSelect, 'GET /api/v1/dashboard/user/privacy');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Failure' }),
      'network error (no answer)',
    );
    await user.click(within(form).getByRole('button', { name: 'Fail the next call' }));

    expect(await call('GET')).toBeInstanceOf(TypeError);
    expect((await answer('GET')).status).toBe(200);
  });
});
