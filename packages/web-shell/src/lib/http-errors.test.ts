import { describe, expect, test } from 'vitest';
import { describeQueryError, TRANSPORT_ERROR_MESSAGES, toApiError } from './http-errors.ts';

describe('error mapping', () => {
  test('RTK Query transport failures get readable messages', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      code: 'FETCH_ERROR',
      message: TRANSPORT_ERROR_MESSAGES.FETCH_ERROR,
    });
    expect(toApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }).message).toBe(
      'The server took too long to answer. Please try again.',
    );
    expect(
      toApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }).code,
    ).toBe('PARSING_ERROR');
    // A proxy's error page while the server is away is its status, not an unreadable answer.
    expect(
      toApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }),
    ).toEqual({
      code: 'HTTP_502',
      message: 'The server ran into a problem. Please try again later.',
      status: 502,
    });
  });

  test("the server's error body gives the code and the message", () => {
    const error = {
      status: 403,
      data: { error: { code: 'auth.tenant_forbidden', message: 'You have no access to this tenant.' } },
    };
    expect(toApiError(error)).toEqual({
      code: 'auth.tenant_forbidden',
      message: 'You have no access to this tenant.',
      status: 403,
    });
  });

  test('a bare status gets a code and a sentence', () => {
    expect(toApiError({ status: 500, data: 'oops' })).toEqual({
      code: 'HTTP_500',
      message: 'The server ran into a problem. Please try again later.',
      status: 500,
    });
    expect(toApiError({ status: 403, data: null }).message).toBe('You are not allowed to see this.');
  });

  test('custom and unknown errors still read well', () => {
    expect(describeQueryError({ status: 'CUSTOM_ERROR', error: 'Token Not Found !' })).toBe(
      'Token Not Found !',
    );
    expect(toApiError({ name: 'Error', message: 'boom' })).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'boom',
    });
    expect(toApiError(undefined).message).toBe('Something went wrong.');
  });
});
