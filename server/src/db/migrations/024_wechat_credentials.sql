-- WeChat JS-SDK (issue 16): the official account's access token and JS-API ticket, shared by
-- every server process (services/jssdk/credentials.ts). `refresh_at` is when a process fetches a
-- new one (before `expires_at`, WeChat's own end); one process at a time, under an advisory lock.
CREATE TABLE wechat_credentials (
  name text PRIMARY KEY,
  value text NOT NULL,
  refresh_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
