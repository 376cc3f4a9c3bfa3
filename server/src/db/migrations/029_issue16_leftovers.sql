-- Issue 16 leftovers.
--
-- 1. Long pictures (services/splice/splices.ts, sweep.ts): a row is written before the picture is
--    drawn, in state 'rendering', and turns 'done' once its file is stored. A row left 'rendering'
--    (the process died, or its cleanup after a failed render did not run) is abandoned and swept;
--    so is a file under splices/ that no row names. Rows written before keep 'done'.
ALTER TABLE user_splices ADD COLUMN state text NOT NULL DEFAULT 'done' CHECK (state IN ('rendering', 'done'));
DROP INDEX user_splices_user_hash;
-- One finished row per maker and picture (a render in progress may name the same hash).
CREATE UNIQUE INDEX user_splices_user_hash ON user_splices(user_id, hash) WHERE hash IS NOT NULL AND state = 'done';
-- The sweep asks which hashes any row names, and which renders started long ago.
CREATE INDEX user_splices_hash ON user_splices(hash) WHERE hash IS NOT NULL;
CREATE INDEX user_splices_rendering ON user_splices(created_at) WHERE state = 'rendering';

-- 2. The order context (`/page/order/{link_id}?from=…&from_id=…`, types/api/orderPage.ts): where the
--    visitor came from, kept on the order made from the order page. NULL: no context.
ALTER TABLE orders ADD COLUMN from_source text;
ALTER TABLE orders ADD COLUMN from_id text;

-- 3. Withdrawn service goods (services/pay/organizerGoods.ts): gone from the order page, refused by
--    prepay; paid orders keep counting. NULL: on offer. Unix seconds.
ALTER TABLE goods ADD COLUMN withdrawn_at bigint;
