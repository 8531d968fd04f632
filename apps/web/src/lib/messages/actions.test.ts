import {
  actionFailureMessage as contractsFailure,
  actionSuccessMessage as contractsSuccess,
} from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { actionFailureMessage, actionSuccessMessage } from './actions';

describe('action messages', () => {
  it('are the contracts English', () => {
    expect(actionSuccessMessage('tag', 'create')).toBe(contractsSuccess('tag', 'create'));
    expect(actionSuccessMessage(undefined, 'send')).toBe(contractsSuccess(undefined, 'send'));
    for (const input of [
      { item: 'tag', verb: 'remove', statusText: 'Conflict' },
      { item: 'access', verb: 'revoke' },
      { item: 'tag', verb: 'frobnicate' },
      { item: 'tag', verb: 'remove', serverMessage: 'In use' },
      { item: 'tag', verb: 'remove', fallback: 'Nope' },
    ])
      expect(actionFailureMessage(input)).toBe(contractsFailure(input));
  });
});
