import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { NETWORK_IDS, NETWORKS } from './networks.ts';
import { validateAddress, validateMemo } from './validate.ts';

// Real addresses: chain genesis/foundation/burn addresses, BIP/CIP/EIP spec vectors and
// addresses from wallet-library test suites. Each network has valid, corrupted (one changed
// character), truncated, and foreign-network cases.

type Case = [address: string, expected: string];

/** Asserts validity and, for valid cases, the normalized form ('=' means unchanged). */
function expectValid(networkId: string, address: string, normalized = '=') {
  const result = validateAddress(networkId, address);
  expect(result, `${networkId}: ${address}`).toEqual({
    valid: true,
    normalized: normalized === '=' ? address.trim() : normalized,
  });
}

function expectInvalid(networkId: string, cases: readonly Case[]) {
  for (const [address, reason] of cases) {
    expect(validateAddress(networkId, address), `${networkId}: ${address}`).toEqual({
      valid: false,
      reason,
    });
  }
}

/** Replaces the character at index with another one from the same alphabet. */
function swapChar(s: string, index: number, replacement: string): string {
  return s.slice(0, index) + replacement + s.slice(index + 1);
}

const EVM_NETWORKS = NETWORK_IDS.filter((id) => NETWORKS[id].addressFormat === 'evm');

describe('NETWORKS', () => {
  it('has one entry per id, keyed by its own id, with consistent data', () => {
    expect(Object.keys(NETWORKS).sort()).toEqual([...NETWORK_IDS].sort());
    for (const id of NETWORK_IDS) {
      const network = NETWORKS[id];
      expect(network.id).toBe(id);
      expect(network.nativeCoin).toMatch(/^[a-z]+$/);
      expect(network.explorer.tx).toMatch(/^https:\/\/[^{}]+\{hash\}/);
      if (network.explorer.address !== null) expect(network.explorer.address).toContain('{address}');
      expect(network.confirmations).toBeGreaterThan(0);
      expect(network.networkFeeUsd).toBeGreaterThan(0);
      expect(Number.isInteger(network.decimals)).toBe(true);
      if (network.memo) expect(network.memo.required).toBe(false);
    }
  });

  it('marks exactly the memo networks', () => {
    const withMemo = NETWORK_IDS.filter((id) => NETWORKS[id].memo !== null).sort();
    expect(withMemo).toEqual(['cosmos', 'eos', 'hedera', 'stellar', 'ton', 'xrp']);
    expect(EVM_NETWORKS).toHaveLength(12);
  });
});

describe('validateAddress: common rules', () => {
  it('rejects unknown networks, including prototype keys', () => {
    for (const id of ['bitcoin-testnet', 'constructor', '__proto__', 'toString', '']) {
      expect(validateAddress(id, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({
        valid: false,
        reason: 'unknown-network',
      });
    }
  });

  it('reports empty and whitespace-only input as empty', () => {
    for (const id of NETWORK_IDS) {
      expectInvalid(id, [
        ['', 'empty'],
        ['  \t\n', 'empty'],
      ]);
    }
  });

  it('trims surrounding whitespace', () => {
    expectValid('bitcoin', '  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\n', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
  });

  it('rejects very long input without decoding it', () => {
    expectInvalid('solana', [['1'.repeat(10_000), 'format']]);
  });
});

describe('validateAddress: EVM', () => {
  const foundation = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
  const eip55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('accepts checksummed, lowercase and uppercase addresses on every EVM network', () => {
    for (const id of EVM_NETWORKS) {
      expectValid(id, foundation);
      expectValid(id, eip55);
      expectValid(id, foundation.toLowerCase(), foundation);
      expectValid(id, `0x${foundation.slice(2).toUpperCase()}`, foundation);
      expectValid(id, '0x52908400098527886E0F7030069857D2E4169EE7');
      expectValid(id, '0x0000000000000000000000000000000000001000');
    }
  });

  it('rejects a wrong EIP-55 checksum, bad shapes and other networks', () => {
    expectInvalid('ethereum', [
      [swapChar(eip55, 41, 'D'), 'checksum'],
      ['0x02fcd51aAbB814FfFe17908fbc888A8975D839A5', 'checksum'],
      ['0XD1220A0CF47C7B9BE7A2E6BA89F429762E7B9ADB', 'format'],
      [eip55.slice(0, 41), 'format'],
      [`${eip55}0`, 'format'],
      [eip55.slice(2), 'format'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAg', 'format'],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'network'],
      ['0x0000000000000000000000000000000000000000000000000000000000000001', 'network'],
    ]);
  });
});

describe('validateAddress: Bitcoin', () => {
  it('accepts P2PKH, P2SH, P2WPKH, P2WSH and P2TR', () => {
    expectValid('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expectValid('bitcoin', '12KYrjTdVGjFMtaxERSk3gphreJ5US8aUP');
    expectValid('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    expectValid('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expectValid(
      'bitcoin',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expectValid('bitcoin', 'bc1qwqdg6squsna38e46795at95yu9atm8azzmyvckulcc7kytlcckxswvvzej');
    expectValid('bitcoin', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
    expectValid('bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0');
  });

  it('rejects corrupted, truncated, testnet and foreign addresses', () => {
    expectInvalid('bitcoin', [
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
      ['1A1zP1ePQGefi2DMPTifTL5SLmv7DivfNa', 'checksum'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0C5xw7kv8f3t4', 'format'],
      // Taproot program encoded with the old bech32 constant.
      ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'checksum'],
      ['BC1SW50QA3JX3S', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf', 'format'],
      ['bd839e4f6fadb293ba580df5dea7814399989983', 'format'],
      ['mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef', 'network'],
      ['2MxKEf2su6FGAUfCEAHreGFQvEYrfYNHvL7', 'network'],
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'network'],
      ['bcrt1q8zx9dlztqz9apm7y5gtx8a0tlz57fhncycvun5', 'network'],
      ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'network'],
      ['ltc1qajkrze8gc5qdx2ehldsmd596a2gprnn50a53mj3xxvy0zgtdq6gqumv03a', 'network'],
      ['bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807', 'network'],
      ['DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU', 'network'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
    ]);
  });
});

describe('validateAddress: Litecoin', () => {
  it('accepts L/M/3 and ltc1 addresses', () => {
    expectValid('litecoin', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9');
    expectValid('litecoin', 'LTpYZG19YmfvY2bBDYtCKpunVRw7nVgRHW');
    expectValid('litecoin', 'MUWheVyCBf3Fm3WNNXvotQ3Gj8NTSZCBVe');
    expectValid('litecoin', '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt');
    expectValid('litecoin', 'ltc1qajkrze8gc5qdx2ehldsmd596a2gprnn50a53mj3xxvy0zgtdq6gqumv03a');
    // Legacy address that happens to start with 'LTC1' (found by the property test).
    expectValid('litecoin', 'LTC1NBNt8gLqVZ7mMezBZp1bkqq8MHYuDN');
  });

  it('rejects corrupted addresses and Bitcoin addresses', () => {
    expectInvalid('litecoin', [
      ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH8', 'checksum'],
      ['ltc1qajkrze8gc5qdx2ehldsmd596a2gprnn50a53mj3xxvy0zgtdq6gqumv03q', 'checksum'],
      ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRh', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'network'],
      ['QW2SvwjaJU8LD6GSmtm1PHnBG2xPuxwZFy', 'network'],
    ]);
  });
});

describe('validateAddress: Dogecoin', () => {
  it('accepts D and A/9 addresses', () => {
    expectValid('dogecoin', 'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU');
    expectValid('dogecoin', 'DNzLUN6MyYVS5zf4Xc2yK69V3dXs6Mxia5');
    expectValid('dogecoin', 'A7JjzK9k9x5b2MkkQzqt91WZsuu7wTu6iS');
  });

  it('rejects corrupted and foreign addresses', () => {
    expectInvalid('dogecoin', [
      ['DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSV', 'checksum'],
      ['DPpJVPpvPNP6i6tMj4rTycAGh8wR', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
      ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'network'],
    ]);
  });
});

describe('validateAddress: Dash', () => {
  it('accepts X addresses', () => {
    expectValid('dash', 'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b');
    expectValid('dash', 'XcY4WJ6Z2Q8w7vcYER1JypC8s2oa3SQ1b1');
    expectValid('dash', 'XoAAqv3oUYZ6xRjX3brfbf9PotrGanS6Th');
  });

  it('rejects corrupted, testnet and foreign addresses', () => {
    expectInvalid('dash', [
      ['Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6c', 'checksum'],
      ['yPv7h2i8v3dJjfSH4L3x91JSJszjdbsJJA', 'network'],
      ['DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU', 'network'],
      ['Xx4dYKgz3Zcv6kheaqog3f', 'format'],
    ]);
  });
});

describe('validateAddress: Zcash', () => {
  it('accepts transparent t1/t3 addresses', () => {
    expectValid('zcash', 't1U9yhDa5XEjgfnTgZoKddeSiEN1aoLkQxq');
    expectValid('zcash', 't1TKCtCETHPrAdA6eY1fdhhnTkTmb371oPt');
    expectValid('zcash', 't3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd');
    expectValid('zcash', 't3Pnbg7XjP7FGPBUuz75H65aczphHgkpoJW');
  });

  it('rejects corrupted, testnet and foreign addresses', () => {
    expectInvalid('zcash', [
      ['t1Y9yhDa5XEjgfnTgZoKddeSiEN1aoLkQxq', 'checksum'],
      ['t3Yz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd', 'checksum'],
      ['t2UNzUUx8mWBCRYPRezvA363EYXyEpHokyi', 'network'],
      ['t1U9yhDa5XEjgfnTgZoKddeSiEN1aoLk', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
    ]);
  });
});

describe('validateAddress: Bitcoin Cash', () => {
  it('accepts CashAddr with or without prefix, and legacy addresses', () => {
    expectValid('bitcoin-cash', 'bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807');
    expectValid('bitcoin-cash', 'bitcoincash:qp7ps3x5k2dslw25rmgk89zfpywxj4yjkvyz09t2qm');
    expectValid(
      'bitcoin-cash',
      'qp3wjpa3tjlj042z2wv7hahsldgwhwy0rq9sywjpyy',
      'bitcoincash:qp3wjpa3tjlj042z2wv7hahsldgwhwy0rq9sywjpyy',
    );
    expectValid(
      'bitcoin-cash',
      'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    );
    // Legacy form of the same hash as the line above (CashAddr spec vector).
    expectValid('bitcoin-cash', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu');
    expectValid('bitcoin-cash', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e');
  });

  it('rejects corrupted, testnet and foreign addresses', () => {
    expectInvalid('bitcoin-cash', [
      ['bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax808', 'checksum'],
      ['bitcoincash:qp3wjpa3tjlj042z2wv7hahsldgwhwy0rq9sywjpyya', 'checksum'],
      ['qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax80', 'checksum'],
      ['bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23DAX807', 'format'],
      ['bchtest:qpf29h80q4kzprl84jmwhf9du3jsu2tvw509nqz5cy', 'network'],
      ['qpf29h80q4kzprl84jmwhf9du3jsu2tvw509nqz5cy', 'network'],
      ['bitcoin:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807', 'format'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'network'],
      ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'network'],
    ]);
  });
});

describe('validateAddress: Tron', () => {
  it('accepts T addresses', () => {
    expectValid('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expectValid('tron', 'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r');
  });

  it('rejects corrupted and foreign addresses', () => {
    expectInvalid('tron', [
      ['TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg31', 'checksum'],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzg', 'format'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
      ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'network'],
    ]);
  });
});

describe('validateAddress: XRP', () => {
  it('accepts classic addresses', () => {
    expectValid('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    expectValid('xrp', 'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn');
    expectValid('xrp', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp');
    expectValid('xrp', 'rrrrrrrrrrrrrrrrrrrrBZbvji');
  });

  it('rejects corrupted and foreign addresses', () => {
    expectInvalid('xrp', [
      ['rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCN', 'checksum'],
      ['rDTXLQ7ZKZVKz33zJbHjgVShjsBnqMBhMN', 'checksum'],
      ['rHb9CJAWyB4rj91VRWn96DkukG4bw', 'format'],
      ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyT0', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
    ]);
  });
});

describe('validateAddress: Stellar', () => {
  it('accepts G account strkeys', () => {
    expectValid('stellar', 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7');
    expectValid('stellar', 'GBBM6BKZPEHWYO3E3YKREDPQXMS4VK35YLNU7NFBRI26RAN7GI5POFBB');
    expectValid('stellar', 'GD6WVYRVID442Y4JVWFWKWCZKB45UGHJAABBJRS22TUSTWGJYXIUR7N2');
  });

  it('rejects corrupted addresses and secret seeds', () => {
    expectInvalid('stellar', [
      ['GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN6', 'checksum'],
      ['GBBM6BKZPEHWYO3E3YKREDPQXMS4VK35YLNU7NFBRI26RAN7GI5POFBA', 'checksum'],
      ['GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCC', 'format'],
      ['gaazi4tcr3ty5ojhctjc2a4qsy6cjwjh5iajtgkin2er7lbnvkoccwn7', 'format'],
      ['SBGWKM3CD4IL47QN6X54N6Y33T3JDNVI6AIJ6CD5IM47HG3IG4O36XCU', 'format'],
      ['VQD6TBRL6BH6NAGIPEUG6JZUCPJVXB3GPTHEU5WTKX5DDGSR3AXNKBN5FQ', 'network'],
    ]);
  });
});

describe('validateAddress: Solana', () => {
  it('accepts 32-byte base58 keys', () => {
    expectValid('solana', '11111111111111111111111111111111');
    expectValid('solana', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    expectValid('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expectValid('solana', 'Ho87cuS3aSRgUMCeMrV7uNCCWx6Fj2ytnufYQ1W7KCLr');
  });

  it('rejects wrong lengths, non-base58 characters and foreign addresses', () => {
    expectInvalid('solana', [
      // No checksum: dropping one character may still leave 32 bytes, dropping four cannot.
      ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyT', 'format'],
      ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v1', 'format'],
      ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
    ]);
  });
});

describe('validateAddress: Cardano', () => {
  it('accepts Shelley base/enterprise and Byron addresses', () => {
    const base =
      'addr1qxnv5u3vrx2t37h3u27qd5ukgcjmrl4f8mu9f5sza3h20cxsfjh80un9kvlggfcdw8fp5kqp9tztqnee9msd0qsafhdsyqclvk';
    expectValid('cardano', base);
    expectValid('cardano', base.toUpperCase(), base);
    expectValid(
      'cardano',
      'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    );
    expectValid('cardano', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8');
    expectValid('cardano', 'Ae2tdPwUPEYxYNJw1He1esdZYvjmr4NtPzUsGTiqL9zd8ohjZYQcwu6kom7');
    expectValid('cardano', 'Ae2tdPwUPEZKmwoy3AU3cXb5Chnasj6mvVNxV1H11997q3VW5ihbSfQwGpm');
    expectValid(
      'cardano',
      'DdzFFzCqrhsfdzUZxvuBkhV8Lpm9p43p9ubh79GCTkxJikAjKh51qhtCFMqUniC5tv5ZExyvSmAte2Du2tGimavSo6qSgXbjiy8qZRTg',
    );
  });

  it('rejects corrupted, testnet, stake and foreign addresses', () => {
    expectInvalid('cardano', [
      [
        'addr1qxnv5u3vrx2t37h3u27qd5ukgcjmrl4f8mu9f5sza3h20cxsfjh80un9kvlggfcdw8fp5kqp9tztqnee9msd0qsafhdsyqclvq',
        'checksum',
      ],
      ['addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9', 'checksum'],
      ['Ae2tdPwUPEYxYNJw1He1esdZYvjmr4NtPzUsGTiqL9zd8ohjZYQcwu6kom8', 'checksum'],
      ['Ae2tdPwUPEYxYNJw1He1esdZYvjmr4NtPzUsGTiqL9zd8ohjZYQc', 'format'],
      [
        'addr_test1qru5ktsj5zsmhvwv0ep9zuhfu39x3wyt9wxjnsn3cagsyy59ckxhkvuc5xj49rw6zrp443wlygmhv8gwcu38jk6ms6usqd9a9q',
        'network',
      ],
      ['stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
    ]);
  });
});

describe('validateAddress: Polkadot', () => {
  it('accepts SS58 prefix-0 addresses', () => {
    expectValid('polkadot', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5');
    expectValid('polkadot', '13UVJyLnbVp9RBZYFwFGyDvVd1y27Tt8tkntv6Q7JVPhFsTB');
  });

  it('rejects corrupted addresses and other SS58 networks', () => {
    expectInvalid('polkadot', [
      ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6', 'checksum'],
      ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr', 'format'],
      ['ERhckLKG8dSw7uSH3pixNMkE3LvRRh6wB47BxRteGgcbzjb', 'network'], // Kusama
      ['5GWZaTfBHVqf2pCGYnpZSVnU92QRmgaTeTnkw7NoXyn4BHCU', 'network'], // generic Substrate
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
    ]);
  });
});

describe('validateAddress: Monero', () => {
  it('accepts standard, integrated and subaddresses', () => {
    expectValid(
      'monero',
      '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
    );
    expectValid(
      'monero',
      '47zQ5LAivg6hNCgijXSEFVLX7mke1bgM6YGLFaANDoJbgXDymcAAZvvMNt2PmMpqEe5qRy2zyfMYXdwpmdyitiFh84xnPG2',
    );
    expectValid(
      'monero',
      '4Gd4DLiXzBmbVX2FZZ3Cvu6fUaWACup1qDowprUCje1kSP4FmbftiJMSfV8kWZXNqmVwj4m52xqtgFNUudVmsmGkGvkLcCibWfVUfUFVB7',
    );
    expectValid(
      'monero',
      '8A9XmWsATrhfedtNhTMNKELwfCwMVAk2iVTdUJdFRb2AC4tV4VeBjsCLYR9cSQTwnvLo4MAuQFMLP6Si4xp6t6BS788db3t',
    );
  });

  it('rejects corrupted, truncated and testnet addresses', () => {
    expectInvalid('monero', [
      [
        '44643dtxcxjgMWEQLo6mh1c4d9Zxx9GbgK9hEj9iGSiFEryCkbwHyJ3JqxZJRqeC3Hb7ZBLKq5NkaJwR1x95EYnR1bTgN6d',
        'checksum',
      ],
      [
        '47zQ5LAivg6hNCgijXSEFVLX7mke1bgM6YGLFaANDoJbgXDymcAAZvvMNt2PmMpqEe5qRy2zyfMYXdwpmdyitiFh84xnPG3',
        'checksum',
      ],
      [
        '47zQ5LAivg6hNCgijXSEFVLX7mke1bgM6YGLFaANDoJbgXDymcAAZvvMNt2PmMpqEe5qRy2zyfMYXdwpmdyitiFh84xnPG',
        'format',
      ],
      [
        'A2be3UvzMtkJtxRYgcCbQt2y7Rp2eLVGqNTWfZeankrWimSMM4y7uMP6B9oAZaHsXTj8KFSerkSkkVRuEuEca9QM8VhxCNU',
        'network',
      ],
    ]);
  });
});

describe('validateAddress: Algorand', () => {
  it('accepts base32 addresses', () => {
    expectValid('algorand', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ');
    expectValid('algorand', 'VQD6TBRL6BH6NAGIPEUG6JZUCPJVXB3GPTHEU5WTKX5DDGSR3AXNKBN5FQ');
    expectValid('algorand', 'UZDRIHQ2Q4EVRKYW4DP2XE2W2GFFIHMY2O6VVQWXZ7LS4HILKLX45W3WGA');
  });

  it('rejects corrupted and truncated addresses', () => {
    expectInvalid('algorand', [
      ['VQD6TBRL6BH6NAGIPEUG6JZUCPJVXB3GPTHEU5WTKX5DDGSR3AXNKBN5FA', 'checksum'],
      ['AQD6TBRL6BH6NAGIPEUG6JZUCPJVXB3GPTHEU5WTKX5DDGSR3AXNKBN5FQ', 'checksum'],
      ['VQD6TBRL6BH6NAGIPEUG6JZUCPJVXB3GPTHEU5WTKX5DDGSR3AXNKBN5', 'format'],
      ['GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7', 'network'],
    ]);
  });
});

describe('validateAddress: NEAR', () => {
  it('accepts named and implicit accounts', () => {
    for (const account of [
      'near',
      'aurora',
      'root.near',
      'relay.aurora',
      'app.ref-finance.near',
      'user_name-1.near',
      '98793cd91a3f870fb126f66285808c7e094afcfc4eda8a970f6648cdf0dbd6de',
    ]) {
      expectValid('near', account);
    }
  });

  it('rejects names that break the account id rules', () => {
    expectInvalid('near', [
      ['a', 'format'],
      ['Alice.near', 'format'],
      ['alice..near', 'format'],
      ['alice.near.', 'format'],
      ['.alice.near', 'format'],
      ['-alice.near', 'format'],
      ['alice__bob.near', 'format'],
      ['alice@near', 'format'],
      [`${'a'.repeat(60)}.near`, 'format'],
    ]);
  });
});

describe('validateAddress: Tezos', () => {
  it('accepts tz1 and KT1 addresses', () => {
    expectValid('tezos', 'tz1burnburnburnburnburnburnburjAYjjX');
    expectValid('tezos', 'tz1Lhf4J9Qxoe3DZ2nfe8FGDnvVj7oKjnMY6');
    expectValid('tezos', 'KT1EM2LvxxFGB3Svh9p9HCP2jEEYyHjABMbK');
  });

  it('rejects corrupted and truncated addresses', () => {
    expectInvalid('tezos', [
      ['tz1Lhf4J9Qxoe3DZ2nfe8FGDnvVj7oKjnMY7', 'checksum'],
      ['tz1RR6wy9BeXG3Fjk25YmkSMGHxTtKkhpX', 'format'],
      ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'network'],
    ]);
  });
});

describe('validateAddress: Hedera', () => {
  it('accepts 0.0.num and drops the checksum suffix', () => {
    expectValid('hedera', '0.0.98');
    expectValid('hedera', '0.0.10819');
    expectValid('hedera', '0.0.123-vfmkw', '0.0.123');
  });

  it('rejects other shards, leading zeros and overflow', () => {
    expectInvalid('hedera', [
      ['1.0.10819', 'format'],
      ['0.0.', 'format'],
      ['0.0.012', 'format'],
      ['0.0.12-ABCDE', 'format'],
      ['0.0.9223372036854775808', 'format'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'network'],
    ]);
  });
});

describe('validateAddress: Aptos and Sui', () => {
  it('accepts full-length 0x addresses and lowercases them', () => {
    const one = `0x${'0'.repeat(63)}1`;
    const mixed = `0x${'A5c1'.repeat(16)}`;
    for (const id of ['aptos', 'sui']) {
      expectValid(id, one);
      expectValid(id, mixed, mixed.toLowerCase());
    }
  });

  it('rejects short forms and foreign addresses', () => {
    for (const id of ['aptos', 'sui']) {
      expectInvalid(id, [
        ['0x1', 'format'],
        [`${'0'.repeat(63)}1`, 'format'],
        [`0x${'0'.repeat(65)}`, 'format'],
        ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
      ]);
    }
  });
});

describe('validateAddress: TON', () => {
  it('accepts raw and friendly (bounceable / non-bounceable) forms', () => {
    expectValid('ton', 'EQBiA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0_RZa');
    expectValid('ton', 'UQBiA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0_Uuf');
    expectValid('ton', 'Ef9iA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0_ekS');
    expectValid('ton', 'EQDCpH8leB0xMLU8tayakv2ImgkmVL_bd7-kndPTbI6ZNZ-k');
    expectValid('ton', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
    // Standard base64 alphabet form of the same address as the first one.
    expectValid('ton', 'EQBiA3tEroM6LYE7gIMkDWIVY4+J/qli9EU5zMLhM6y0/RZa');
    expectValid('ton', '0:62037b44ae833a2d813b8083240d6215638f89fea962f44539ccc2e133acb4fd');
    expectValid(
      'ton',
      '-1:62037B44AE833A2D813B8083240D6215638F89FEA962F44539CCC2E133ACB4FD',
      '-1:62037b44ae833a2d813b8083240d6215638f89fea962f44539ccc2e133acb4fd',
    );
  });

  it('rejects corrupted and malformed addresses', () => {
    expectInvalid('ton', [
      ['EQBiA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0_RZb', 'checksum'],
      ['EQBiA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0/RZa', 'format'],
      ['EQBiA3tEroM6LYE7gIMkDWIVY4-J_qli9EU5zMLhM6y0', 'format'],
      ['1:62037b44ae833a2d813b8083240d6215638f89fea962f44539ccc2e133acb4fd', 'format'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
    ]);
  });
});

describe('validateAddress: EOS', () => {
  it('accepts account names', () => {
    for (const name of ['eosio', 'eosio.token', 'binancecleos', 'bittrexacct1', '123451234512', 'a']) {
      expectValid('eos', name);
    }
  });

  it('rejects names outside the account alphabet or length', () => {
    expectInvalid('eos', [
      ['EOSIO', 'format'],
      ['abc6', 'format'],
      ['toolongname12x', 'format'],
      ['eosio.', 'format'],
      ['.eosio', 'format'],
      ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'network'],
    ]);
  });
});

describe('validateAddress: Cosmos', () => {
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 7);

  it('accepts cosmos1 addresses of 20 and 32 bytes', () => {
    expectValid('cosmos', 'cosmos1xxkueklal9vejv9unqu80w9vptyepfa95pd53u');
    expectValid('cosmos', bech32.encode('cosmos', bech32.toWords(bytes)));
    expectValid('cosmos', bech32.encode('cosmos', bech32.toWords(new Uint8Array(32).fill(9))));
  });

  it('rejects corrupted addresses, validator keys and other chains', () => {
    expectInvalid('cosmos', [
      ['cosmos1xxkueklal9vejv9unqu80w9vptyepfa95pd53q', 'checksum'],
      ['cosmos15v50ymp6n5dn73erkQtmq0u8adpl8d3ujv2e74', 'format'],
      ['cosmo1xxkueklal9vejv9unqu80w9vptyepfa95pd53u', 'checksum'],
      [bech32.encode('cosmosvaloper', bech32.toWords(bytes)), 'format'],
      [bech32.encode('osmo', bech32.toWords(bytes)), 'network'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'network'],
    ]);
  });
});

describe('validateAddress: Kaspa', () => {
  it('accepts kaspa: addresses', () => {
    expectValid('kaspa', 'kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr');
    expectValid('kaspa', 'kaspa:qpq55rv39sa592frxvklh8kztvm8ntw3gje20xsdw9snqk0gwnqaqvlwewmqa');
    expectValid('kaspa', 'kaspa:qqs7krzzwqfgk9kf830smtzg64s9rf3r0khfj76cjynf2pfgrr35saatu88xq');
  });

  it('rejects corrupted, unprefixed and foreign addresses', () => {
    expectInvalid('kaspa', [
      ['kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumq', 'checksum'],
      ['kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvum', 'checksum'],
      ['qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr', 'format'],
      ['bitcoin:qpq55rv39sa592frxvklh8kztvm8ntw3gje20xsdw9snqk0gwnqaqvlwewmqa', 'format'],
      ['bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807', 'network'],
    ]);
  });
});

describe('validateMemo', () => {
  it('checks XRP destination tags as canonical uint32', () => {
    for (const tag of ['0', '1', '123456', '4294967295']) {
      expect(validateMemo('xrp', tag), tag).toEqual({ valid: true });
    }
    for (const tag of ['4294967296', '-1', '01', '1.5', '', '+1', ' 1', '1e3', '0x10', '99999999999']) {
      expect(validateMemo('xrp', tag), tag).toEqual({ valid: false, reason: 'format' });
    }
  });

  it('checks Stellar memos as uint64 id or text up to 28 bytes', () => {
    for (const memo of ['0', '18446744073709551615', 'invoice 42', 'a'.repeat(28), 'é'.repeat(14)]) {
      expect(validateMemo('stellar', memo), memo).toEqual({ valid: true });
    }
    expect(validateMemo('stellar', '18446744073709551616')).toEqual({ valid: false, reason: 'format' });
    expect(validateMemo('stellar', '007')).toEqual({ valid: false, reason: 'format' });
    expect(validateMemo('stellar', 'a'.repeat(29))).toEqual({ valid: false, reason: 'too-long' });
    expect(validateMemo('stellar', 'é'.repeat(15))).toEqual({ valid: false, reason: 'too-long' });
  });

  it('limits text memos by UTF-8 bytes', () => {
    const limits = { eos: 256, cosmos: 256, ton: 120, hedera: 100 } as const;
    for (const [id, limit] of Object.entries(limits)) {
      expect(validateMemo(id, 'x'.repeat(limit)), id).toEqual({ valid: true });
      expect(validateMemo(id, 'x'.repeat(limit + 1)), id).toEqual({ valid: false, reason: 'too-long' });
      expect(validateMemo(id, ''), id).toEqual({ valid: false, reason: 'format' });
    }
    expect(validateMemo('hedera', '€'.repeat(34))).toEqual({ valid: false, reason: 'too-long' });
  });

  it('says not-supported for networks without memos and unknown networks', () => {
    for (const id of ['bitcoin', 'ethereum', 'algorand', 'solana', 'unknown', 'constructor']) {
      expect(validateMemo(id, '123'), id).toEqual({ valid: false, reason: 'not-supported' });
    }
  });
});
