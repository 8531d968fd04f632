import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ipv4Schema } from '@netfleet/contracts';
import { translateFieldErrors, zodResolver } from './zod-resolver';

const schema = z.object({
  host: z.string().min(1, 'Host is required'),
  gateway: ipv4Schema,
  routes: z.array(z.object({ address: ipv4Schema })),
});

const values = { host: '', gateway: 'x', routes: [{ address: '1.2.3.4' }, { address: 'y' }] };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<
  Resolver<FieldValues>
>[2];
const run = (resolver: unknown, input: FieldValues) =>
  (resolver as Resolver<FieldValues>)(input, undefined, options);

describe('zodResolver', () => {
  it('gives the errors of @hookform/resolvers unchanged in English', async () => {
    const ours = await run(zodResolver(schema), values);
    const theirs = await run(hookformZodResolver(schema), values);
    expect(ours).toEqual(theirs);
    expect(ours.errors).toMatchObject({
      host: { message: 'Host is required' },
      gateway: { message: 'Invalid IPv4 address' },
    });
  });

  it('passes valid values through', async () => {
    const valid = { host: 'a', gateway: '10.0.0.1', routes: [] };
    const result = await run(zodResolver(schema), valid);
    expect(result).toEqual({ values: valid, errors: {} });
  });
});

describe('translateFieldErrors', () => {
  it('translates nested, listed and `types` messages and leaves refs alone', () => {
    const ref = { name: 'host', message: 'not a field message' };
    const errors = {
      host: { type: 'too_small', message: 'Host is required', ref },
      routes: [undefined, { address: { type: 'custom', message: 'Invalid IPv4 address' } }],
      root: { type: 'server', message: 'Other' },
      all: { type: 'x', message: 'a', types: { x: 'a', y: ['a', 'b'] } },
    };
    translateFieldErrors(errors, (message) => `[${message}]`);
    expect(errors).toEqual({
      host: { type: 'too_small', message: '[Host is required]', ref },
      routes: [undefined, { address: { type: 'custom', message: '[Invalid IPv4 address]' } }],
      root: { type: 'server', message: '[Other]' },
      all: { type: 'x', message: '[a]', types: { x: '[a]', y: ['[a]', '[b]'] } },
    });
    expect(ref.message).toBe('not a field message');
  });
});

describe('in Norwegian', () => {
  it('shows the contracts messages translated', async () => {
    document.cookie = 'translation=no; path=/';
    try {
      vi.resetModules();
      const module = await import('./zod-resolver');
      const result = await run(module.zodResolver(schema), values);
      expect(result.errors).toMatchObject({
        host: { message: 'Vert er påkrevd' },
        gateway: { message: 'Ugyldig IPv4-adresse' },
        routes: [undefined, { address: { message: 'Ugyldig IPv4-adresse' } }],
      });
      const { splitServerErrors } = await import('./server-errors');
      const { ApiError } = await import('@/lib/api-client');
      const error = new ApiError(422, 'Unprocessable Entity', [
        { code: 'VALIDATION_ERROR', message: 'At most 64 characters', source: 'name' },
        { code: 'CONFLICT', message: 'Something else', source: null },
      ]);
      expect(splitServerErrors(error, ['name'])).toEqual({
        fields: { name: 'Høyst 64 tegn' },
        others: ['Something else'],
      });
    } finally {
      document.cookie = 'translation=; path=/; max-age=0';
    }
  });
});
