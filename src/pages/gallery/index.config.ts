export default definePageConfig({
  navigationBarTitleText: '',
  // Infinite scroll: the next page of photos loads within 800 px of the bottom (spec part 1 §9).
  onReachBottomDistance: 800,
  enableShareAppMessage: true,
  enableShareTimeline: true
});
