CREATE TABLE "dex_tokens" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	"icon" text NOT NULL,
	"logo_uri" text,
	"source" text NOT NULL,
	"rank" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dex_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
