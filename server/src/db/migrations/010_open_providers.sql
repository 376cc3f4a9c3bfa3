-- Payment providers are chosen by configuration and implement one interface
-- (server/src/providers/pay/provider.ts): the database keeps the provider's name
-- as text and lists no names, so adding a provider needs no migration.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_provider_check;
