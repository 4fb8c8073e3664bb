import type { SportIconKey } from '@fieldhouse/shared';
import {
  IconBallAmericanFootball,
  IconBallBaseball,
  IconBallBasketball,
  IconBallBowling,
  IconBallFootball,
  IconBallTennis,
  IconBallVolleyball,
  IconFlag,
  IconGolf,
  IconGymnastics,
  IconIceSkating,
  IconKarate,
  IconKayak,
  IconRun,
  IconShoe,
  IconSkiJumping,
  IconSpeakerphone,
  IconStretching,
  IconSwimming,
  IconTarget,
  IconTrophy,
} from '@tabler/icons-react';

const ICONS = {
  'ball-american-football': IconBallAmericanFootball,
  'ball-baseball': IconBallBaseball,
  'ball-basketball': IconBallBasketball,
  'ball-football': IconBallFootball,
  'ball-tennis': IconBallTennis,
  'ball-volleyball': IconBallVolleyball,
  'ball-bowling': IconBallBowling,
  flag: IconFlag,
  golf: IconGolf,
  gymnastics: IconGymnastics,
  'ice-skating': IconIceSkating,
  karate: IconKarate,
  kayak: IconKayak,
  run: IconRun,
  shoe: IconShoe,
  'ski-jumping': IconSkiJumping,
  speakerphone: IconSpeakerphone,
  stretching: IconStretching,
  swimming: IconSwimming,
  target: IconTarget,
  trophy: IconTrophy,
} as const satisfies Record<SportIconKey, unknown>;

/** A sport's icon key (SPEC §3 Sport.icon) as a glyph; unknown keys get a trophy. */
export function SportIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? IconTrophy;
  return <Icon size={size} stroke={1.7} />;
}
