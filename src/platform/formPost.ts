import Taro from '@tarojs/taro';

/**
 * A form's optional custom request (spec part 1 §7): a JSON POST of `{raw, unionid}` to the
 * organiser's own address, with credentials omitted (no cookies in the browser; the
 * mini-program sends none). Resolves with whether it succeeded and the server's text
 * (its `msg` or `message` when it answered JSON), never rejects.
 */
export async function postFormJson(url: string, body: unknown): Promise<{ ok: boolean; text: string }> {
  try {
    const res = await Taro.request({ url, method: 'POST', data: body, header: { 'content-type': 'application/json' }, credentials: 'omit', dataType: 'text', responseType: 'text' });
    const raw = typeof res.data === 'string' ? res.data : JSON.stringify(res.data ?? '');
    let text = raw;
    try {
      const j = JSON.parse(raw) as { msg?: unknown; message?: unknown };
      text = typeof j.msg === 'string' ? j.msg : typeof j.message === 'string' ? j.message : raw;
    } catch {
      // Plain text: shown as it is.
    }
    return { ok: res.statusCode >= 200 && res.statusCode < 300, text: text.slice(0, 200) };
  } catch (e) {
    return { ok: false, text: '' };
  }
}
