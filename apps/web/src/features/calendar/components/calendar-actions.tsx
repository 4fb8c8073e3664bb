/**
 * The screen's actions: facilities, subscribe, export, import, new event. A phone keeps "New event" in
 * view and folds the rest into one menu, so the calendar is not pushed down by a row of buttons.
 */
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconBuildingStadium, IconDots, IconDownload, IconFileImport, IconPlus, IconRss } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './calendar.module.css';

type Props = {
  phone: boolean;
  onSubscribe: () => void;
  onExport: (kind: 'ics' | 'csv') => void;
  onImport: () => void;
  onNew: () => void;
};

export function CalendarActions({ phone, onSubscribe, onExport, onImport, onNew }: Props) {
  const newEvent = (
    <Button className={classes.touch} leftSection={<IconPlus size={16} />} onClick={onNew}>
      New event
    </Button>
  );
  if (phone)
    return (
      <Group gap="xs" wrap="nowrap">
        {newEvent}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" className={classes.touch} aria-label="More actions">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/calendar/facilities" leftSection={<IconBuildingStadium size={16} />}>
              Facilities
            </Menu.Item>
            <Menu.Item leftSection={<IconRss size={16} />} onClick={onSubscribe}>
              Subscribe
            </Menu.Item>
            <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImport}>
              Import
            </Menu.Item>
            <Menu.Label>Export what is shown now</Menu.Label>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onExport('ics')}>
              Calendar file (.ics)
            </Menu.Item>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onExport('csv')}>
              Spreadsheet (.csv)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to="/calendar/facilities"
        variant="default"
        leftSection={<IconBuildingStadium size={16} />}
      >
        Facilities
      </Button>
      <Button variant="default" leftSection={<IconRss size={16} />} onClick={onSubscribe}>
        Subscribe
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>What is shown now</Menu.Label>
          <Menu.Item onClick={() => onExport('ics')}>Calendar file (.ics)</Menu.Item>
          <Menu.Item onClick={() => onExport('csv')}>Spreadsheet (.csv)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={onImport}>
        Import
      </Button>
      {newEvent}
    </Group>
  );
}
