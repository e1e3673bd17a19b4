import { UnsafeUrlError } from '@lipcast/nest-kit';
import { deliveryFailureReason } from './webhook-sender';

/** A Node network error as `http.request` raises it: the code, and a message naming the address and port. */
const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe(deliveryFailureReason.name, () => {
  // What the delivery log (shown to the endpoint's owner) says: never the raw error, whose text told
  // "refused" from "reset" from "unreachable" with the address and port: a port scanner.
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 93.184.216.34:443'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['EHOSTUNREACH', 'connect EHOSTUNREACH 93.184.216.34:80'],
    ['HPE_INVALID_CONSTANT', 'Parse Error: Expected HTTP/'],
  ])('says "connection failed" for %s', (code, message) => {
    expect(deliveryFailureReason(networkError(code, message))).toBe('connection failed');
  });

  it('says "timed out" for the attempt\'s time-out', () => {
    expect(deliveryFailureReason(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe('timed out');
    expect(deliveryFailureReason(new DOMException('This operation was aborted', 'AbortError'))).toBe('timed out');
  });

  it('says "host not found" when the name does not resolve, and "TLS failed" for a certificate or handshake error', () => {
    expect(deliveryFailureReason(networkError('ENOTFOUND', 'getaddrinfo ENOTFOUND hooks.example'))).toBe('host not found');
    expect(deliveryFailureReason(networkError('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe('TLS failed');
    expect(deliveryFailureReason(networkError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: IP: 93.184.216.34 is not in the cert's list"))).toBe('TLS failed');
  });

  it('says "connection failed" for anything else thrown', () => {
    expect(deliveryFailureReason('socket hang up at 10.0.0.1:6379')).toBe('connection failed');
  });

  it('keeps the reason of a refusal, which is ours (no connection was made)', () => {
    expect(deliveryFailureReason(new UnsafeUrlError('only ports 443, 80 are allowed, not 22'))).toBe('refused: only ports 443, 80 are allowed, not 22');
  });
});
