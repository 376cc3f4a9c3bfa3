/**
 * A chosen avatar that still lives on the device: WeChat's chooseAvatar gives
 * temporary paths (`wxfile://tmp_…`, or `http://tmp/…` in some base libraries and
 * the devtools; `http://usr/…` for the user data folder). Only other http(s)
 * addresses are web images that can be stored as they are.
 */
export function isLocalAvatar(path: string): boolean {
  return !/^https?:\/\//i.test(path) || /^https?:\/\/(tmp|usr|store)\//i.test(path);
}
