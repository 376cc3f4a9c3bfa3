-- The order / preorder page (issue 16, spec part 1 §2 /page/order/{id}): an event's photo-service
-- offers are goods of kind 'service' with a price in cents, bought once per visitor through the pay
-- component's photo-less order (OrderBook.createGoodsOrder). `description` says what the offer is.
ALTER TABLE goods DROP CONSTRAINT IF EXISTS goods_kind_check;
ALTER TABLE goods ADD CONSTRAINT goods_kind_check CHECK (kind IN ('remove_watermark', 'download', 'service'));
ALTER TABLE goods ADD COLUMN description text NOT NULL DEFAULT '';
