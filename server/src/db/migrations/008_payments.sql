-- Payment (spec part 1 §4, part 2 §4/§7). Money is integer cents; times are Unix seconds.
-- gallery.is_pay_down holds the id of the gallery's pay good (> 0: paid download).
CREATE TABLE goods (
  id serial PRIMARY KEY,
  gallery_id integer REFERENCES galleries(id) ON DELETE CASCADE,
  name text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  kind text NOT NULL CHECK (kind IN ('remove_watermark', 'download')),
  created_at bigint NOT NULL
);
CREATE INDEX goods_gallery ON goods(gallery_id);

-- An order ("charge" in the spec): created → paid exactly once (settle locks the row), or created → closed.
CREATE TABLE orders (
  id serial PRIMARY KEY,
  out_trade_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer REFERENCES galleries(id) ON DELETE SET NULL,
  goods_id integer NOT NULL REFERENCES goods(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  photo_ids integer[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'closed')),
  provider text NOT NULL CHECK (provider IN ('wechat', 'sandbox')),
  channel text CHECK (channel IN ('jsapi', 'native', 'mp')),
  -- Prepay answer per channel (prepay_id or code_url) so a repeated makePrePay reuses it.
  prepay jsonb NOT NULL DEFAULT '{}',
  transaction_id text UNIQUE,
  paid_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX orders_user ON orders(user_id, goods_id, created_at DESC);
