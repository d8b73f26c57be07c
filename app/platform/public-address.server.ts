// Which IP addresses are on the public internet. The shop posts to addresses that visitors chose (push
// endpoints), so it must not be led into its own network: loopback, private, link-local and the like.
import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
// IPv4: "this network", private, shared (carrier NAT), loopback, link-local, protocol assignments,
// documentation, 6to4 relay, benchmarking, multicast, reserved and broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
// IPv6: unspecified, loopback and IPv4-compatible (::a.b.c.d, as ::/96), IPv4-translated (NAT64
// reaches IPv4 hosts), discard, Teredo, documentation, 6to4, unique local, link-local, site-local and
// multicast. IPv4-mapped addresses (::ffff:a.b.c.d)
// need no rule: BlockList checks them against the IPv4 rules above (and a /96 rule for them would
// catch every IPv4 address too).
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** True for an address on the public internet; false for loopback, private, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
