-- Paid gifts (issue 15; types/api/comments.ts commentCalls.giftPrecreate). A paid gift is bought
-- with an order that buys no good (purpose 'gift'); gift_orders says which gift and how many,
-- at which unit price (integer cents, fixed when the order was made: amount = unit × count).
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_purpose_check;
ALTER TABLE orders ADD CONSTRAINT orders_purpose_check CHECK (purpose IN ('remove_watermark', 'download', 'redpacket', 'gift'));

CREATE TABLE gift_orders (
  order_id integer PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  gift_id integer NOT NULL,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  count integer NOT NULL CHECK (count > 0),
  unit_cents integer NOT NULL CHECK (unit_cents > 0),
  -- When the order made its comment (set once, in the post's transaction): a trade id is used
  -- once, even after its comment was deleted.
  used_at bigint
);

-- The order a paid gift comment was made from: one comment per order, so a replayed or
-- concurrent post of the same trade id creates nothing more.
ALTER TABLE comments ADD COLUMN order_id integer UNIQUE REFERENCES orders(id);
