import type { SportIconKey } from '@fieldhouse/shared';
import {
  IconBallAmericanFootball,
  IconBallBaseball,
  IconBallBasketball,
  IconBallFootball,
  IconBallTennis,
  IconBallVolleyball,
  IconGolf,
  IconKarate,
  IconRun,
  IconShoe,
  IconSwimming,
  IconTrophy,
} from '@tabler/icons-react';

const ICONS = {
  'ball-american-football': IconBallAmericanFootball,
  'ball-baseball': IconBallBaseball,
  'ball-basketball': IconBallBasketball,
  'ball-football': IconBallFootball,
  'ball-tennis': IconBallTennis,
  'ball-volleyball': IconBallVolleyball,
  golf: IconGolf,
  karate: IconKarate,
  run: IconRun,
  shoe: IconShoe,
  swimming: IconSwimming,
} as const satisfies Record<SportIconKey, unknown>;

/** A sport's icon key (SPEC §3 Sport.icon) as a glyph; unknown keys get a trophy. */
export function SportIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? IconTrophy;
  return <Icon size={size} stroke={1.7} />;
}
