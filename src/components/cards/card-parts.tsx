import styled from "styled-components"
import { Link } from "gatsby"
import { CARD_GRID } from "../../styles/boxes"
import { bareList, clampLines } from "../../styles/layout"
import { media, theme } from "../../styles/theme"

// The card's styled parts, apart from card-grid.tsx's content and grid (pictures, episode facts): the
// search results draw their own cards from these, and every page that imports a module ships all of it.

export const Grid = styled.ul`
  ${bareList}
  display: grid;
  gap: ${theme.space[CARD_GRID.gap.phone]};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(${CARD_GRID.columns.md}, 1fr);
    gap: ${theme.space[CARD_GRID.gap.wide]};
  }
  ${media.lg} {
    grid-template-columns: repeat(${CARD_GRID.columns.lg}, 1fr);
  }
`

export const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${theme.radii.card};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  transition: transform 0.2s, border-color 0.2s;
  &:hover,
  &:focus-within {
    transform: translateY(-3px);
    border-color: ${theme.colors.accent};
  }
`

export const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  flex: 1;
  text-decoration: none;
`

export const CardBody = styled.div`
  padding: ${theme.space.md};
`

export const CardLabel = styled.p`
  margin: 0 0 ${theme.space.xs};
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`

export const CardTitle = styled.h3`
  margin: 0 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.lg};
`

export const CardText = styled.p`
  margin: 0;
  color: ${theme.colors.mutedText};
  ${clampLines(3)}
`
