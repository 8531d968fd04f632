import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { registerActionStatus } from '@/lib/action-status';
import { ACCOUNT_BASE, api, ApiError, type ApiResponse } from '@/lib/api-client';
import { jsonResponse, mockApi, ok } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import type { MfaResponse, SubmitOptions } from './types';
import { useFormSubmit } from './use-form-submit';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

type Values = { name: string };
type HarnessOptions = Omit<SubmitOptions<Values>, 'fields' | 'setFieldError'> &
  Partial<Pick<SubmitOptions<Values>, 'fields' | 'setFieldError'>>;

function Harness({ options }: { options: HarnessOptions }) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { submit, state, errors } = useFormSubmit<Values>({
    fields: ['name'],
    setFieldError: (field, message) =>
      setFieldErrors((current) => ({ ...current, [field]: message })),
    ...options,
  });
  return (
    <div>
      <button onClick={() => void submit({ name: 'Gateway' })}>Submit</button>
      <output aria-label="State">{state}</output>
      <ul aria-label="Errors">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <output aria-label="Field errors">{JSON.stringify(fieldErrors)}</output>
    </div>
  );
}

function renderHarness(options: HarnessOptions) {
  const view = renderPage(<Harness options={options} />, { path: '/' });
  return { ...view, user: userEvent.setup() };
}

const success = (data: unknown = null, meta?: ApiResponse<unknown>['meta']) =>
  Promise.resolve<ApiResponse<unknown>>({ success: true, data, ...(meta ? { meta } : {}) });

const failure = (
  status: number,
  ...items: [code: string, message: string, source: string | null][]
) =>
  new ApiError(
    status,
    'Unprocessable Entity',
    items.map(([code, message, source]) => ({ code, message, source })),
  );

const stateOf = () => screen.getByRole('status', { name: 'State' });
const errorList = () => within(screen.getByRole('list', { name: 'Errors' }));

describe('useFormSubmit', () => {
  it('turns a 207 into a warning that lists what was not done, named by describeSource', async () => {
    const request = () =>
      Promise.resolve({
        success: true as const,
        data: { moved: [9] },
        errors: [
          { code: 'FORBIDDEN', message: 'Role not available there', source: '10' },
          { code: 'QUOTA', message: 'The company is full', source: null },
        ],
      });
    const { user } = renderHarness({
      request,
      item: 'users',
      verb: 'move',
      describeSource: (id) => `User ${id}`,
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Users moved successfully, except:')).toBeInTheDocument();
    expect(screen.getByText('User 10: Role not available there')).toBeInTheDocument();
    expect(screen.getByText('The company is full')).toBeInTheDocument();
  });

  it('ignores a second submit while the first is waiting', async () => {
    let answer!: (response: ApiResponse<unknown>) => void;
    const request = vi.fn(() => new Promise<ApiResponse<unknown>>((resolve) => (answer = resolve)));
    renderHarness({ request, item: 'tag', verb: 'create' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(stateOf()).toHaveTextContent('waiting');
    expect(request).toHaveBeenCalledOnce();

    await act(async () => answer({ success: true, data: null }));
    expect(stateOf()).toHaveTextContent('success');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('puts errors under fields (bulk index stripped, password marks its confirmation)', async () => {
    const setFieldError = vi.fn();
    const request = vi.fn(() =>
      Promise.reject(
        failure(
          422,
          ['VALIDATION_ERROR', 'Name is taken', 'devices.3.name'],
          ['VALIDATION_ERROR', 'Too common', 'password'],
          ['VALIDATION_ERROR', 'Quota exceeded', null],
        ),
      ),
    );
    const { user } = renderHarness({
      request,
      fields: ['devices.name', 'password', 'password_confirmation'],
      setFieldError,
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(setFieldError.mock.calls).toEqual([
      ['devices.name', 'Name is taken'],
      ['password', 'Too common'],
      ['password_confirmation', ''],
    ]);
    expect(errorList().getByText('Quota exceeded')).toBeInTheDocument();
    expect(errorList().queryByText('Name is taken')).not.toBeInTheDocument();
    expect(stateOf()).toHaveTextContent('error');
  });

  it('drops UNAUTHORIZED items among others and puts a data.N source under its field', async () => {
    const setFieldError = vi.fn();
    const request = vi.fn(() =>
      Promise.reject(
        failure(
          422,
          ['UNAUTHORIZED', 'Unauthorized', null],
          ['VALIDATION_ERROR', 'Name is taken', 'data.1.name'],
          ['VALIDATION_ERROR', 'Quota exceeded', null],
        ),
      ),
    );
    const { user } = renderHarness({ request, setFieldError });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await errorList().findByText('Quota exceeded')).toBeInTheDocument();
    expect(errorList().getAllByRole('listitem')).toHaveLength(1);
    expect(setFieldError.mock.calls).toEqual([['name', 'Name is taken']]);
  });

  it('toasts the builder text, the server message, a custom text, or nothing', async () => {
    const { user, unmount } = renderHarness({
      request: () => success(),
      item: 'tag',
      verb: 'create',
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Tag created successfully')).toBeInTheDocument();
    unmount();

    const second = renderHarness({
      request: () => success({ message: 'Invitation sent to ada@example.com' }),
      item: 'invitation',
      verb: 'send',
    });
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invitation sent to ada@example.com')).toBeInTheDocument();
    second.unmount();

    const third = renderHarness({ request: () => success(), successMessage: false });
    await third.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(stateOf()).toHaveTextContent('success');
    expect(screen.queryByText(MESSAGES.operationComplete)).not.toBeInTheDocument();
  });

  it("opens 'Action status' for a response with meta.channel", async () => {
    const opened = vi.fn();
    const unregister = registerActionStatus(opened);
    const { user } = renderHarness({
      request: () => success(null, { channel: 'private-status.7.abc' }),
      actionStatus: { title: 'Reboot' },
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(opened).toHaveBeenCalledWith('private-status.7.abc', { title: 'Reboot' });
    unregister();
  });

  it('closes the enclosing dialog on success unless told to stay open', async () => {
    const user = userEvent.setup();
    renderPage(<main />, { path: '/' });
    act(() =>
      dialogs.open({
        id: 'create-tag',
        title: 'New tag',
        content: <Harness options={{ request: () => success(), item: 'tag', verb: 'create' }} />,
      }),
    );
    act(() =>
      dialogs.open({
        id: 'edit-tag',
        title: 'Edit tag',
        content: <Harness options={{ request: () => success(), stayOpen: true }} />,
      }),
    );
    const stays = screen.getByRole('dialog', { name: 'Edit tag' });
    await user.click(within(stays).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.operationComplete)).toBeInTheDocument();
    expect(stays).toBeInTheDocument();

    act(() => dialogs.close('edit-tag'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'New tag' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the other errors in an 'Error' dialog when asked to, or as a single toast", async () => {
    const request = () => Promise.reject(failure(409, ['CONFLICT', 'Tag already exists', null]));
    const { user, unmount } = renderHarness({ request, errorDisplay: 'modal' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Tag already exists');
    expect(errorList().queryByText('Tag already exists')).not.toBeInTheDocument();
    unmount();

    const toasted = renderHarness({ request, errorDisplay: 'toast' });
    await toasted.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Tag already exists')).toBeInTheDocument();
    expect(errorList().queryByText('Tag already exists')).not.toBeInTheDocument();
  });

  it('explains a failure without error items', async () => {
    const lost = renderHarness({ request: () => Promise.reject(new ApiError(0, '', [])) });
    await lost.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(errorList().getByText(MESSAGES.failedToSend)).toBeInTheDocument();
    lost.unmount();

    const noBody = renderHarness({
      request: () => Promise.reject(new ApiError(502, 'Bad Gateway', [])),
      item: 'tag',
      verb: 'create',
    });
    await noBody.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(errorList().getByText('Failed to create tag (Bad Gateway)')).toBeInTheDocument();
  });
});

describe('useFormSubmit with MFA', () => {
  const LOGIN = 'POST /account/login';
  const UUID = '0b6a2f4e-7c1d-4b8e-9f3a-2d5c6e7f8a9b';
  const mfaRequired = (message: string, data: unknown) =>
    jsonResponse(401, {
      success: false,
      errors: [{ code: 'MFA_REQUIRED', message, source: null }],
      data,
    });
  const loginRequest = (values: Values, mfa?: MfaResponse) =>
    api.post<unknown>('/account/login', { base: ACCOUNT_BASE, body: { ...values, ...mfa } });

  it('asks for the code, resubmits with the session data and asks again after a wrong one', async () => {
    const { calls } = mockApi({
      [LOGIN]: (init) => {
        const body = JSON.parse(String(init?.body)) as { session_code?: string };
        if (body.session_code === '654321') return ok({ user: {} });
        return mfaRequired(
          body.session_code ? 'Invalid verification code' : 'Enter the verification code',
          { mfa_type: 'totp', session_uuid: UUID },
        );
      },
    });
    const { user } = renderHarness({ request: loginRequest, successMessage: 'Signed in' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    let dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    expect(dialog).toHaveTextContent('Enter the code from your authenticator app');
    const code = within(dialog).getByLabelText(/Verification code/);
    expect(code).toHaveFocus();
    await user.type(code, '123456{Enter}');

    dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    await within(dialog).findByText('Invalid verification code');
    expect(within(dialog).getByLabelText(/Verification code/)).toHaveValue('');
    await user.type(within(dialog).getByLabelText(/Verification code/), '654321{Enter}');

    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bodies = calls(LOGIN).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([
      { name: 'Gateway' },
      { name: 'Gateway', session_code: '123456', session_uuid: UUID },
      { name: 'Gateway', session_code: '654321', session_uuid: UUID },
    ]);
  });

  it('returns to the form when the code is not given', async () => {
    mockApi({
      [LOGIN]: () =>
        mfaRequired('Enter the verification code', { mfa_type: 'email', session_uuid: UUID }),
    });
    const { user } = renderHarness({ request: loginRequest });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    expect(dialog).toHaveTextContent('Enter the code we sent to your e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(stateOf()).toHaveTextContent('idle'));
    expect(errorList().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the message of a method it does not know instead of asking', async () => {
    mockApi({ [LOGIN]: () => mfaRequired('Use your security key', { mfa_type: 'webauthn' }) });
    const { user } = renderHarness({ request: loginRequest });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await errorList().findByText('Use your security key')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to connect to server' for an unknown method without a message", async () => {
    mockApi({ [LOGIN]: () => mfaRequired('', { mfa_type: 'webauthn' }) });
    const { user } = renderHarness({ request: loginRequest });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await errorList().findByText('Failed to connect to server')).toBeInTheDocument();
    expect(errorList().getAllByRole('listitem')).toHaveLength(1);
  });

  it('checks the shape of the code before sending it', async () => {
    const { calls } = mockApi({
      [LOGIN]: () =>
        mfaRequired('Enter the verification code', { mfa_type: 'totp', session_uuid: UUID }),
    });
    const { user } = renderHarness({ request: loginRequest });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    await user.type(within(dialog).getByLabelText(/Verification code/), '12ab{Enter}');
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText(/Recovery code/), 'ABCD-1234{Enter}');
    await waitFor(() => expect(calls(LOGIN)).toHaveLength(2));
    expect(JSON.parse(String(calls(LOGIN)[1]?.[1]?.body))).toMatchObject({
      session_code: 'abcd-1234',
    });
  });
});
