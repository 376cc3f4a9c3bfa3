import { signPolicy, verifyPolicy, checkSize } from '../../server/src/storage/policy';
import type { AppError } from '../../server/src/errors';

describe('upload policy verification order', () => {
  const secret = 'unit-secret';
  const now = 1_800_000_000;
  const good = signPolicy(secret, { dir: 'uploads/g1/', maxBytes: 100, expire: now + 60 });
  const fields = (over: Record<string, string> = {}) => ({ key: 'uploads/g1/a.jpg', policy: good.policy, OSSAccessKeyId: good.accessid, Signature: good.signature, ...over });
  const errorOf = (f: Record<string, string>, at = now) => {
    try {
      verifyPolicy(secret, f, at);
      return 'ok';
    } catch (e) {
      return ((e as AppError).data as { error: string }).error;
    }
  };

  it('reports the first failing check: field, access id, signature, expiry, key, size', () => {
    expect(errorOf(fields())).toBe('ok');
    expect(errorOf(fields({ Signature: '', OSSAccessKeyId: 'x' }))).toBe('InvalidArgument');
    expect(errorOf(fields({ OSSAccessKeyId: 'x', Signature: 'bad' }))).toBe('InvalidAccessKeyId');
    expect(errorOf(fields({ Signature: 'bad', key: '/etc/passwd' }), now + 3600)).toBe('SignatureDoesNotMatch');
    expect(errorOf(fields({ key: '/etc/passwd' }), now + 3600)).toBe('AccessDenied');
    expect(errorOf(fields({ key: 'uploads/g1/../../x.jpg' }))).toBe('InvalidObjectName');
    expect(errorOf(fields({ key: 'uploads/g10/a.jpg' }))).toBe('AccessDenied');
    const v = verifyPolicy(secret, fields({ key: 'uploads/g1/b.jpg' }), now);
    expect(() => checkSize(v, 100)).not.toThrow();
    expect(() => checkSize(v, 101)).toThrow('exceeds the maximum allowed size');
    expect(() => checkSize(v, 0)).toThrow('smaller than the minimum');
  });
});
