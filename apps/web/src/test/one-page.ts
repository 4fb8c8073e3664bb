/** The pagination of a list that fits on one page, as the API answers it (for component tests' fixtures). */
export const onePage = (totalCount: number) => ({
  isFirstPage: true,
  isLastPage: true,
  currentPage: 1,
  previousPage: null,
  nextPage: null,
  pageCount: 1,
  totalCount,
});
