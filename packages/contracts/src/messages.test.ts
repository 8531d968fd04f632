import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  fileTooLargeMessage,
  impersonationBanner,
  spendCreditsConfirm,
} from './messages.ts';

describe('messages', () => {
  it('keeps the spec texts verbatim', () => {
    expect(MESSAGES.connectionLost).toBe('The network connection has been lost.');
    expect(MESSAGES.tooManyMinimized).toBe('You can not minimize more than 5 windows');
    expect(MESSAGES.companyNameUnchanged).toBe('Please input different value to save changes.');
    expect(MESSAGES.noViewPermissions).toBe('User has no view permissions available');
    expect(MESSAGES.illegalBase64url).toBe('Illegal base64url string!');
  });

  it('fills the file size template', () => {
    expect(fileTooLargeMessage('80 MB')).toBe('Maximum file size is 80 MB');
  });

  it('computes GB of data from credits', () => {
    expect(spendCreditsConfirm(1)).toBe(
      'Are you sure you want to spend 1 credit(s) to get 2 GB of data?',
    );
    expect(spendCreditsConfirm(5)).toBe(
      'Are you sure you want to spend 5 credit(s) to get 10 GB of data?',
    );
  });

  it('names the company in the impersonation banner, or says Company', () => {
    expect(impersonationBanner('a@b.co', 'Acme', 7)).toBe(
      'Currently impersonating user a@b.co, Acme #7',
    );
    expect(impersonationBanner('a@b.co', null, 7)).toBe(
      'Currently impersonating user a@b.co, Company #7',
    );
    expect(impersonationBanner('a@b.co', '', 0)).toBe(
      'Currently impersonating user a@b.co, Company #0',
    );
  });
});
