-- Red packets (issue 15 Deliver 4; spec part 3 §3, §4, §5, §7). Money is integer cents; times are Unix seconds.

-- A red packet is paid with an order that buys no good: goods_id is empty and purpose says 'redpacket'.
ALTER TABLE orders ALTER COLUMN goods_id DROP NOT NULL;
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_purpose_check;
ALTER TABLE orders ADD CONSTRAINT orders_purpose_check CHECK (purpose IN ('remove_watermark', 'download', 'redpacket'));
-- A paid red packet order that never became a packet is refunded whole after 24 hours (pending → done);
-- create refuses an order once this is set (both lock the order row).
ALTER TABLE orders ADD COLUMN refund_state text CHECK (refund_state IN ('pending', 'done'));
ALTER TABLE orders ADD COLUMN refund_no text UNIQUE;

-- Phone sign-up for red packets (bindphone) keeps its codes beside the gate's and the forms'.
ALTER TABLE sms_codes DROP CONSTRAINT IF EXISTS sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('gate', 'form', 'bindphone'));

-- One packet per paid order (order_id UNIQUE): a replayed create finds it and creates nothing.
-- goted / got_cents follow the shares (updated in the grab's transaction); the CHECKs make
-- "more shares than the number" and "more money than the total" impossible in the ledger itself.
-- refund_state: NULL (nothing refunded yet), pending (leftover fixed, provider not yet done), done, none (nothing was left).
CREATE TABLE red_packets (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  order_id integer NOT NULL UNIQUE REFERENCES orders(id),
  -- The order's out_trade_no: globally unique, so it names the packet's Redis keys and its refund.
  trade_no text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('luck', 'normal')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  number integer NOT NULL CHECK (number > 0),
  goted integer NOT NULL DEFAULT 0,
  got_cents integer NOT NULL DEFAULT 0,
  content text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  access_type text NOT NULL DEFAULT 'other' CHECK (access_type IN ('limit', 'other')),
  posttype text NOT NULL DEFAULT 'now' CHECK (posttype IN ('now', 'target')),
  posttime bigint NOT NULL,
  notice text NOT NULL DEFAULT '',
  noticestep integer NOT NULL DEFAULT 0,
  -- The redpackage live message went out (at creation for 'now', by the sweep at posttime for 'target').
  announced boolean NOT NULL DEFAULT false,
  expires_at bigint NOT NULL,
  refund_state text CHECK (refund_state IN ('pending', 'done', 'none')),
  refund_no text UNIQUE,
  refund_cents integer NOT NULL DEFAULT 0,
  refund_error text,
  refunded_at bigint,
  created_at bigint NOT NULL,
  CHECK (goted <= number),
  CHECK (got_cents <= amount_cents)
);
CREATE INDEX red_packets_gallery ON red_packets(gallery_id, id DESC);
CREATE INDEX red_packets_open ON red_packets(expires_at) WHERE refund_state IS NULL OR refund_state = 'pending';
CREATE INDEX red_packets_unannounced ON red_packets(posttime) WHERE NOT announced;

-- The shares, split when the packet is created (luck: random, each at least 1 cent; normal: even).
-- state free → taken (one user, once: the unique index) or free → refunded (after 24 hours).
CREATE TABLE red_packet_shares (
  packet_id integer NOT NULL REFERENCES red_packets(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  state text NOT NULL DEFAULT 'free' CHECK (state IN ('free', 'taken', 'refunded')),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  taken_at bigint,
  PRIMARY KEY (packet_id, seq)
);
CREATE UNIQUE INDEX red_packet_shares_one_each ON red_packet_shares(packet_id, user_id);
CREATE INDEX red_packet_shares_free ON red_packet_shares(packet_id, seq) WHERE state = 'free';
CREATE INDEX red_packet_shares_user ON red_packet_shares(user_id) WHERE user_id IS NOT NULL;

-- One payout per taken share to the winner's wallet (WeChat Pay merchant transfer, or the sandbox).
-- out_batch_no / out_detail_no are fixed when the row is made, so every retry names the same transfer.
-- state: pending (to send, or to send again after an error) → processing (accepted, result pending) → success | failed.
CREATE TABLE red_packet_payouts (
  id serial PRIMARY KEY,
  packet_id integer NOT NULL,
  seq integer NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  openid text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  provider text NOT NULL,
  out_batch_no text NOT NULL UNIQUE,
  out_detail_no text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'processing', 'success', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Set while one process talks to the provider about this payout (a lease; a dead process's lease runs out).
  locked_until bigint,
  next_try_at bigint NOT NULL DEFAULT 0,
  last_error text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (packet_id, seq),
  FOREIGN KEY (packet_id, seq) REFERENCES red_packet_shares(packet_id, seq) ON DELETE CASCADE
);
CREATE INDEX red_packet_payouts_due ON red_packet_payouts(next_try_at) WHERE state IN ('pending', 'processing');

-- A phone signed up for a gallery's red packets (bindphone), proved with an SMS code.
CREATE TABLE red_packet_phones (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  phone text NOT NULL,
  name text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, gallery_id)
);
