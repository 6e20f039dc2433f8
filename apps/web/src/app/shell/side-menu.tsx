import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MenuSection } from '../navigation/menu-model';
import { MenuIcon } from './menu-icon';

function isActive(section: MenuSection, pathname: string): boolean {
  if (pathname === section.path) return true;
  return Boolean(section.notExact) && pathname.startsWith(`${section.path}/`);
}

/** The side menu: link items and expandable groups (spec 1-client §2.5). */
export function SideMenu({ sections, onNavigate }: { sections: readonly MenuSection[]; onNavigate: () => void }) {
  return (
    <List component="nav" aria-label="main" dense sx={{ px: 1, py: 1 }}>
      {sections.map((section) =>
        section.type === 'toggle' ? (
          <MenuToggle key={section.id} section={section} onNavigate={onNavigate} />
        ) : (
          <MenuLink key={section.id} section={section} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}

function MenuLink({ section, onNavigate, nested }: { section: MenuSection; onNavigate: () => void; nested?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(section, pathname);
  return (
    <ListItemButton
      component={NavLink}
      to={section.path}
      end={!section.notExact}
      onClick={onNavigate}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-menu-path={section.path}
      sx={{ borderRadius: 2, mb: 0.25, pl: nested ? 4 : 2, minHeight: 42 }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>
        <MenuIcon name={section.icon} fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={section.title ?? t(section.name)}
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: active ? 600 : 400, fontSize: 14 } } }}
      />
    </ListItemButton>
  );
}

function MenuToggle({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pages = section.pages ?? [];
  const containsActive = pages.some((page) => isActive(page, pathname));
  const [open, setOpen] = useState(containsActive);
  const expanded = open || containsActive;
  const listId = `menu-${section.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen(!expanded)}
        aria-expanded={expanded}
        aria-controls={listId}
        sx={{ borderRadius: 2, mb: 0.25, minHeight: 42 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <MenuIcon name={section.icon} fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(section.name)} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit={false}>
        <List id={listId} disablePadding dense>
          {pages.map((page) => (
            <MenuLink key={page.id} section={page} onNavigate={onNavigate} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}
