-- Login (issue 5 item 1). Times are Unix seconds.
-- session_key (mini-program code2session) is kept here only; no query that feeds a response selects it.
ALTER TABLE users ADD COLUMN unionid text;
ALTER TABLE users ADD COLUMN wx_session_key text;
ALTER TABLE users ADD COLUMN login_provider text;
ALTER TABLE users ADD COLUMN updated_at bigint;
CREATE UNIQUE INDEX users_unionid ON users(unionid) WHERE unionid IS NOT NULL;

-- OAuth states: the SHA-256 of a random state, bound to the session that started the flow; single-use.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  token_hash text NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
  provider text NOT NULL,
  redirect text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX oauth_states_expires ON oauth_states(expires_at);

-- Login codes already presented (SHA-256), remembered 10 minutes so a reuse is refused.
CREATE TABLE login_codes (
  code_hash text PRIMARY KEY,
  provider text NOT NULL,
  used_at bigint NOT NULL
);
CREATE INDEX login_codes_used ON login_codes(used_at);
